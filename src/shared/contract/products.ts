/**
 * The products' API contract (spec 001 §7 "Products and owner"). Field names are the spec's, in its mixed casing. Where the
 * spec says "path not shown" the path chosen is written next to its schema (CATALOGUE_PATHS).
 *
 * Request bodies are lenient about what the rules of src/shared/products.ts check (a missing name
 * is not a type error) so the server answers with the spec's message rather than a generic one.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { describedOption, guid, int32, money } from './common';

/** Every integer fits its int4 column (common.ts). */
const int = int32;
/** Query-string numbers arrive as text. */
const queryInt = () => z.optional(z.pipe(z.string().check(z.maxLength(12)), z.transform((s: string) => (s === '' ? undefined : Number.parseInt(s, 10)))));
const queryBool = () => z.optional(z.pipe(z.string().check(z.maxLength(8)), z.transform((s: string) => s === 'true' || s === '1' || s === 'True')));
/** Free text and ids bounded in the schema (issue 28: a 1 MB description is a pt-BR 400, not a database error). */
const optText = (max = 2000) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
/** An image field: our address, or a data URL of at most 5 MB (spec 000 §9) in base64. */
export const IMAGE_FIELD_MAX = 7_000_000;
/** The spec's image message (spec 000 §9 "Image max 5 MB"), as src/shared/products.ts words it. */
const IMAGE_TOO_LARGE = 'insira uma imagem de no máximo 5MB*';
const optImage = () => z.optional(z.nullable(z.string().check(z.maxLength(IMAGE_FIELD_MAX, IMAGE_TOO_LARGE))));
const optInt = () => z.optional(z.nullable(int()));
const optNum = () => z.optional(z.nullable(money()));
const optBool = () => z.optional(z.nullable(z.boolean()));
const PREP_MESSAGE = 'O tempo de preparo deve ser de 1 a 240 minutos.';

/** Paths the spec does not show (ours), in the spec's style. */
export const CATALOGUE_PATHS = {
  /** The product list screen: search, category and type filters, 20 per page. */
  productList: 'api/Produto/ListarProdutosDoLocal',
  /** Image upload (JSON with a base64 data URL); answers the address it is served from. */
  imageUpload: 'api/Imagem/Upload',
  /** Where uploaded images are served (public, immutable: the name is the content's hash). */
  images: 'api/imagens',
} as const;

export { messageAnswer as messageResponse } from './common';
export const idResponse = z.object({ Id: z.string() });
export const idMessageResponse = z.object({ Id: z.string(), Message: z.string() });

export const localIdParams = z.object({ localId: guid() });
export const idParams = z.object({ id: guid() });

// ----------------------------------------------------------------------------------------------
// Categories, options, menus, lists

/** GET api/CategoriaProduto/Filtro?localId&apenasCategoriaFilha (children only: categories with no sub-categories). */
export const categoryFilterQuery = z.object({ localId: guid(), apenasCategoriaFilha: queryBool() });
export const category = z.object({ id: z.string(), nome: z.string(), imagem: z.nullable(z.string()) });
export const categoryList = z.array(category);
export type Category = z.infer<typeof category>;

/** GET api/CategoriaProduto/ParaAcessosProdutosDoLocal/{localId}: categories for the access-limit selects. */
export const categoryForAccessList = z.array(z.object({ id: z.string(), nome: z.string(), quantidadeProdutos: int() }));

/** POST api/Produto/opcoes/incluir */
export const optionCreateRequest = z.object({ descricao: z.optional(z.string().check(z.maxLength(200))), localClienteId: guid() });
export const observationOption = describedOption;
export const observationOptionList = z.array(observationOption);
export type ObservationOption = z.infer<typeof observationOption>;

/** GET api/CustomSaleMenu/GetByLocal/{localId} */
export const customSaleMenuList = z.array(z.object({ id: z.string(), name: z.string() }));
/** GET api/Proprietario/BuscarListasProdutosDoLocal/{localClientId} */
export const productListsResponse = z.array(z.object({ listaProdutoId: z.string(), descricao: z.string() }));

// ----------------------------------------------------------------------------------------------
// Owner settings

/**
 * GET api/Proprietario/BuscarConfiguracoesDoLocal/{localId}: GerarNFCE, plus (ours) what the
 * success page needs: the place's type and proposal origin and whether delivery is configured.
 */
export const ownerSettings = z.object({
  localId: z.string(),
  GerarNFCE: z.boolean(),
  tipoLocal: int(),
  origemPropostaCliente: int(),
  deliveryConfigurado: z.boolean(),
});
export type OwnerSettings = z.infer<typeof ownerSettings>;
/** GET api/Proprietario/BuscarLocaisOndeUsuarioEProprietario/ */
export const ownerPlaces = z.array(z.object({ id: z.string(), nome: z.string() }));
/** GET api/Proprietario/BuscarConfiguracoesDeTransacaoDoLocal/{localId}; possuiSplit is ours (the split hint). */
export const transactionSettings = z.object({
  dadosBancarios: z.array(describedOption),
  possuiSplit: z.boolean(),
});

// ----------------------------------------------------------------------------------------------
// Wizard: POST api/Produto/AdicionarProdutoV2 (201 with Id)

export const wizardAdditional = z.object({
  id: optText(),
  PodeSerGratuito: optBool(),
  IdProduto: optText(),
  NomeProduto: optText(),
  ValorProduto: optNum(),
  TipoAdicional: optInt(),
  Quantidade: optInt(),
  Minimo: optInt(),
  Maximo: optInt(),
  QuantidadeGratis: optInt(),
  QuantidadeAdicionaisGratuito: optInt(),
  Observacoes: optText(),
});
export type WizardAdditional = z.infer<typeof wizardAdditional>;

export const optionRef = z.object({ id: optText(), descricao: z.string().check(z.maxLength(2000)) });
export const wizardObservation = z.object({
  id: optText(),
  Descricao: optText(),
  Tipo: optInt(),
  Opcoes: z.optional(z.array(optionRef)),
  EhDeReserva: optBool(),
});
export type WizardObservation = z.infer<typeof wizardObservation>;

export const productCreateRequest = z.object({
  LocalClienteId: guid(),
  CategoriaId: optText(),
  NomeCategoria: optText(),
  FotoCategoria: optImage(),
  Nome: optText(),
  Valor: optNum(),
  RestricaoPorSexo: z.optional(z.nullable(int().check(z.minimum(0), z.maximum(2)))),
  Foto: optImage(),
  Descricao: optText(),
  QuantidadeAdicionaisGratuito: optInt(),
  Adicionais: z.optional(z.array(wizardAdditional)),
  Observacoes: z.optional(z.array(wizardObservation)),
  NCM: optText(),
  CFOP: optText(),
  CEST: optText(),
  AdultHood: optBool(),
  DontShowInKDS: optBool(),
  ProdutoComposicao: optBool(),
});
export type ProductCreateRequest = z.infer<typeof productCreateRequest>;

// ----------------------------------------------------------------------------------------------
// Edit form: GET api/Produto/BuscarProdutoDoLocal/{id}, POST api/Produto/EditarProduto

export const editAdditional = z.object({
  id: optText(),
  produtoId: optText(),
  produtoNome: optText(),
  produtoValor: optNum(),
  tipo: optInt(),
  quantidade: optInt(),
  minimo: optInt(),
  maximo: optInt(),
  podeSerGratuito: optBool(),
  observacao: optText(),
  categoria: optText(),
  maximoCategoria: optInt(),
  minimoComposicaoProduto: optInt(),
  quantidadeGratuito: optInt(),
  produtoImpressoraRemota: optBool(),
});
export type EditAdditional = z.infer<typeof editAdditional>;

export const editObservation = z.object({
  id: optText(),
  descricao: optText(),
  tipo: optInt(),
  opcoes: z.optional(z.array(optionRef)),
  ehDeReserva: optBool(),
});
export type EditObservation = z.infer<typeof editObservation>;

/**
 * The edit form's payload (spec 001 §3 "Product (edit form)"). Without id it creates (the form's
 * Cadastrar mode; localClienteId names the place). `propagarAlteracao` (ours) carries the
 * "Alterar" answer: the new value is applied where the product is an add-on.
 */
export const productEditRequest = z.object({
  id: optText(),
  localClienteId: z.optional(guid()),
  tipo: optInt(),
  nome: optText(),
  valor: optNum(),
  codigoInterno: optText(),
  codigoIntegracao: optText(),
  codigoBarra: optText(),
  categoriaLocalClienteId: optText(),
  tara: optInt(),
  impressoraPadraoId: optText(),
  expireTime: optInt(),
  quantidadeMaximaPorUsuario: optInt(),
  restricaoPorSexo: optInt(),
  eventoId: optText(),
  informacaoProduto: optText(),
  destaque: optBool(),
  esconderCatalago: optBool(),
  controlaEstoque: optBool(),
  quantidadeReservado: optInt(),
  isencaoTaxaServico: optBool(),
  adultHood: optBool(),
  bloquearImpressao: optBool(),
  dontShowInKDS: optBool(),
  produtoComposicao: optBool(),
  quantidadeAdicionaisGratuito: optInt(),
  composicao: z.optional(z.array(editAdditional)),
  observacaoGeralDoProduto: optBool(),
  observacoes: z.optional(z.array(editObservation)),
  ncm: optText(),
  cest: optText(),
  cfop: optText(),
  menuVendaPersonalizadoId: optText(),
  storeId: optText(),
  grupoEnergetico: z.optional(z.nullable(int().check(z.minimum(0), z.maximum(7)))),
  classificacaoNutricional: z.optional(z.nullable(int().check(z.minimum(0), z.maximum(4)))),
  fotoProduto: optImage(),
  propagarAlteracao: optBool(),
  /** Ours (not in the spec): the product's preparation time in whole minutes, 1 to 240; null clears it (the venue's prepMinutes applies). Omitted keeps what the product had. */
  tempoPreparo: z.optional(z.nullable(int().check(z.minimum(1, PREP_MESSAGE), z.maximum(240, PREP_MESSAGE)))),
});
export type ProductEditRequest = z.infer<typeof productEditRequest>;

export const productDetail = z.object({
  id: z.string(),
  localClienteId: z.string(),
  ativo: z.boolean(),
  tipo: int(),
  nome: z.string(),
  valor: money(),
  codigoInterno: z.string(),
  codigoIntegracao: z.string(),
  codigoBarra: z.string(),
  categoriaLocalClienteId: z.nullable(z.string()),
  categoriaNome: z.nullable(z.string()),
  tara: int(),
  impressoraPadraoId: z.nullable(z.string()),
  expireTime: z.nullable(int()),
  quantidadeMaximaPorUsuario: z.nullable(int()),
  restricaoPorSexo: int(),
  eventoId: z.nullable(z.string()),
  informacaoProduto: z.string(),
  destaque: z.boolean(),
  esconderCatalago: z.boolean(),
  controlaEstoque: z.boolean(),
  quantidadeReservado: int(),
  isencaoTaxaServico: z.boolean(),
  adultHood: z.boolean(),
  bloquearImpressao: z.boolean(),
  dontShowInKDS: z.boolean(),
  produtoComposicao: z.boolean(),
  quantidadeAdicionaisGratuito: int(),
  /** Ours: minutes, null when the venue's preparation time applies. */
  tempoPreparo: z.nullable(int()),
  composicao: z.array(
    z.object({
      id: z.string(),
      produtoId: z.string(),
      produtoNome: z.string(),
      produtoValor: money(),
      tipo: int(),
      quantidade: int(),
      minimo: int(),
      maximo: int(),
      podeSerGratuito: z.boolean(),
      observacao: z.string(),
      categoria: z.string(),
      maximoCategoria: int(),
      minimoComposicaoProduto: int(),
      quantidadeGratuito: int(),
      produtoImpressoraRemota: z.boolean(),
    }),
  ),
  observacaoGeralDoProduto: z.boolean(),
  observacoes: z.array(
    z.object({ id: z.string(), descricao: z.string(), tipo: int(), opcoes: z.array(observationOption), ehDeReserva: z.boolean() }),
  ),
  ncm: z.string(),
  cest: z.string(),
  cfop: z.string(),
  menuVendaPersonalizadoId: z.nullable(z.string()),
  storeId: z.nullable(z.string()),
  grupoEnergetico: int(),
  classificacaoNutricional: int(),
  fotoProduto: z.nullable(z.string()),
});
export type ProductDetail = z.infer<typeof productDetail>;

/** GET api/Produto/ProdutoReferencia/?OnlyWithNameOrValueChanged&produtoId&produtoNome&valor */
export const productReferenceQuery = z.object({
  OnlyWithNameOrValueChanged: queryBool(),
  produtoId: guid(),
  produtoNome: z.optional(z.string().check(z.maxLength(2000))),
  valor: z.optional(z.string().check(z.maxLength(20))),
});
export const productReferenceList = z.array(z.object({ Name: z.string(), ValueInParent: z.number() }));

// ----------------------------------------------------------------------------------------------
// Lists

/** A product row of GetProductsFromLocal and of the list screen. */
export const productSummary = z.object({
  id: z.string(),
  nome: z.string(),
  valor: money(),
  tipo: int(),
  categoriaId: z.nullable(z.string()),
  categoria: z.nullable(z.string()),
  ativo: z.boolean(),
  foto: z.nullable(z.string()),
  descricao: z.string(),
  dontShowInKDS: z.boolean(),
});
export type ProductSummary = z.infer<typeof productSummary>;
/** GET api/Produto/GetProductsFromLocal/{localId}: a user with access limits gets only the products allowed. */
export const productSummaryList = z.array(productSummary);

/** GET api/Produto/ListarProdutosDoLocal/{localId}?pagina&tamanho&busca&categoriaId&tipo&ativo (ours). */
export const productListQuery = z.object({
  pagina: queryInt(),
  tamanho: queryInt(),
  busca: z.optional(z.string().check(z.maxLength(200))),
  categoriaId: z.optional(z.string().check(z.maxLength(64))),
  tipo: queryInt(),
  ativo: z.optional(z.string().check(z.maxLength(8))),
});
export const productPage = z.object({ Registros: z.array(productSummary), QuantidadeTotal: int() });
export type ProductPage = z.infer<typeof productPage>;

// ----------------------------------------------------------------------------------------------
// Images

/** POST api/Imagem/Upload (ours): { localClienteId, imagem: "data:image/png;base64,..." } → 201 { url }. */
export const imageUploadRequest = z.object({ localClienteId: guid(), imagem: z.string().check(z.maxLength(IMAGE_FIELD_MAX, IMAGE_TOO_LARGE)) });
export const imageUploadResponse = z.object({ url: z.string() });
