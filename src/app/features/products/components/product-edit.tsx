import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import {
  PRODUCT_MSG,
  clampProductFreeLimit,
  ENERGY_GROUPS,
  isTicketType,
  NUTRITION_CLASSES,
  PRODUCT_TYPE,
  PRODUCT_TYPE_LABELS,
  productTabs,
  SEX_RESTRICTION_OPTIONS,
  straightenApostrophes,
  usedFree,
  validateProductEdit,
} from '../../../../shared/products';
import { EMPTY_GUID } from '../../../../shared/constants';
import { productEditRequest, type ProductDetail, type ProductEditRequest } from '../../../../shared/contract/products';
import { formatBRL } from '../../../../shared/format';
import { api } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { TICKET_EVENT_PATHS } from '../../../../shared/contract/ticket-events';
import { editProduct, eventsResponse, productReferences, serverMessages } from '../api/product-api';
import { productQueries } from '../api/product-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { AdditionalEditor, type AdditionalRow } from './additional-editor';
import { FiscalFields } from './fiscal-fields';
import { EditIcon } from '../../../components/icons';
import { ImagePicker } from './image-picker';
import { MoneyInput } from './money-input';
import { ObservationEditor, type ObservationRow } from './observation-editor';
import { TitleRow } from '../../../components/title-row';

type Form = Omit<ProductDetail, 'composicao' | 'observacoes' | 'valor' | 'id' | 'localClienteId' | 'ativo' | 'categoriaNome'> & {
  valor: number | null;
  composicao: AdditionalRow[];
  observacoes: ObservationRow[];
};

const emptyForm = (): Form => ({
  tipo: PRODUCT_TYPE.produto,
  nome: '',
  valor: null,
  codigoInterno: '',
  codigoIntegracao: '',
  codigoBarra: '',
  categoriaLocalClienteId: null,
  tara: 0,
  impressoraPadraoId: null,
  expireTime: null,
  quantidadeMaximaPorUsuario: null,
  tempoPreparo: null,
  restricaoPorSexo: 0,
  eventoId: null,
  informacaoProduto: '',
  destaque: false,
  esconderCatalago: false,
  controlaEstoque: false,
  quantidadeReservado: 0,
  isencaoTaxaServico: false,
  adultHood: false,
  bloquearImpressao: false,
  dontShowInKDS: false,
  produtoComposicao: false,
  quantidadeAdicionaisGratuito: 0,
  composicao: [],
  observacaoGeralDoProduto: false,
  observacoes: [],
  ncm: '',
  cest: '',
  cfop: '',
  menuVendaPersonalizadoId: null,
  storeId: null,
  grupoEnergetico: 0,
  classificacaoNutricional: 0,
  fotoProduto: null,
});

function fromDetail(d: ProductDetail): Form {
  const { id: _id, localClienteId: _l, ativo: _a, categoriaNome: _c, composicao, observacoes, ...rest } = d;
  return {
    ...rest,
    composicao: composicao.map((a) => ({ ...a, key: a.id })),
    observacoes: observacoes.map((o) => ({ ...o, key: o.id })),
  };
}

function toRequest(f: Form, id: string | null, localId: string, propagate: boolean): ProductEditRequest {
  return {
    ...f,
    id,
    localClienteId: localId,
    nome: straightenApostrophes(f.nome.trim()),
    storeId: f.storeId ?? EMPTY_GUID,
    isencaoTaxaServico: isTicketType(f.tipo) ? true : f.isencaoTaxaServico,
    composicao: f.composicao.map(({ key: _k, ...a }) => ({ ...a, quantidade: a.quantidade ?? 0, minimo: a.minimo ?? 0, maximo: a.maximo ?? 0, quantidadeGratuito: a.podeSerGratuito ? a.quantidadeGratuito ?? 0 : 0 })),
    observacoes: f.observacoes.map(({ key: _k, ...o }) => o),
    propagarAlteracao: propagate,
  };
}

type FieldErrors = Partial<Record<'nome' | 'valor' | 'ncm' | 'cfop' | 'cest' | 'quantidadeReservado' | 'tempoPreparo', string>>;

/** Puts each message of the edit check under its field (the toast lists them all). */
function fieldErrors(problems: string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const m of problems) {
    if (m === PRODUCT_MSG.nameRequired) out.nome = m;
    else if (m === PRODUCT_MSG.valueRequired) out.valor = m;
    else if (m === PRODUCT_MSG.ncmRequired || m === PRODUCT_MSG.ncmInvalid) out.ncm = m;
    else if (m === PRODUCT_MSG.cfopRequired || m === PRODUCT_MSG.cfopInvalid) out.cfop = m;
    else if (m === PRODUCT_MSG.cestInvalid) out.cest = m;
    else if (m === PRODUCT_MSG.reservedNegative) out.quantidadeReservado = m;
  }
  return out;
}

const TAB_LABELS: Record<string, string> = {
  produto: 'Produto',
  acrescimos: 'Acréscimos',
  observacoes: 'Observações',
  fiscal: 'Fiscal',
  estabelecimento: 'Estabelecimento',
  nutricional: 'Nutricional',
};

/** Events for ticket products: ongoing and upcoming ones merged (an error shows under the select). */
function useEvents(localId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['products', 'events', localId] as const,
    enabled: enabled && Boolean(localId),
    queryFn: async () => {
      const load = (path: string) => api(path, { query: { localId }, schema: eventsResponse });
      const [a, b] = await Promise.all([load(TICKET_EVENT_PATHS.ongoing), load(TICKET_EVENT_PATHS.upcoming)]);
      const seen = new Map([...a, ...b].map((e) => [e.id, e]));
      return [...seen.values()];
    },
  });
}

/**
 * The product form (spec 001 §2.3): Editar with an id, Cadastrar without; tabs by type and place;
 * reserved stock behind an edit icon; a changed name or value asks whether to change it in the
 * products that use this one as an add-on ("Alterar" / "Cancelar").
 */
export function ProductEdit({ productId }: { productId?: string }) {
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...productQueries.detail(productId ?? ''), enabled: Boolean(productId) });
  const settings = useQuery({ ...productQueries.ownerSettings(localId), enabled: Boolean(localId) });
  const categories = useQuery({ ...productQueries.categories(localId), enabled: Boolean(localId) });
  const stores = useQuery({ ...productQueries.stores(localId), enabled: Boolean(localId) });
  const menus = useQuery({ ...productQueries.menus(localId), enabled: Boolean(localId) });
  const [f, setF] = useState<Form>(emptyForm);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('produto');
  const [reservedEditable, setReservedEditable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refs, setRefs] = useState<Array<{ Name: string; ValueInParent: number }> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const events = useEvents(localId, isTicketType(f.tipo));

  // The form starts from the server's latest answer (a cached one is used when the fetch fails offline).
  useEffect(() => {
    if (detail.data && !detail.isFetching && detail.data.id !== loadedId) {
      setF(fromDetail(detail.data));
      setLoadedId(detail.data.id);
    }
  }, [detail.data, detail.isFetching, loadedId]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((old) => ({ ...old, [k]: v }));
  const venueType = settings.data?.tipoLocal ?? place?.tipo;
  const tabs = productTabs(f.tipo, venueType);
  const serviceFee = f.tipo === PRODUCT_TYPE.taxaServico;
  const issuesNfce = settings.data?.GerarNFCE ?? false;
  useEffect(() => {
    if (tab && !tabs.includes(tab)) setTab('produto');
  }, [tab, tabs]);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento para editar produtos.</Alert>;
  if (productId && detail.isError && !detail.data) return <Alert color="red">{detail.error.message}</Alert>;
  if (productId && (detail.isPending || loadedId !== productId)) {
    return (
      <Stack>
        <Skeleton h={36} w={240} />
        <Skeleton h={320} />
      </Stack>
    );
  }

  const save = async (propagate: boolean) => {
    setRefs(null);
    setBusy(true);
    try {
      const r = await editProduct(toRequest(f, productId ?? null, localId, propagate));
      void toastSuccess(r.Message || PRODUCT_MSG.productEdited);
      await queryClient.invalidateQueries({ queryKey: productQueries.all });
      void navigate({ to: '/produtos/produto' });
    } catch (err) {
      void toastError(serverMessages(err));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const problems = validateProductEdit(
      { tipo: f.tipo, nome: f.nome, valor: f.valor, ncm: f.ncm, cfop: f.cfop, cest: f.cest, controlaEstoque: f.controlaEstoque, quantidadeReservado: f.quantidadeReservado },
      { issuesNfce },
    );
    // The preparation time is checked with the shared schema (1 to 240 whole minutes).
    const prep = productEditRequest.shape.tempoPreparo.safeParse(f.tempoPreparo);
    if (!prep.success) problems.push(prep.error.issues[0].message);
    setErrors({ ...fieldErrors(problems), ...(prep.success ? {} : { tempoPreparo: prep.error.issues[0].message }) });
    if (problems.length) {
      void toastError(problems.join('\n'));
      // Show the first problem's tab: fiscal fields live on the Produto tab only for type 11.
      const fiscal = [PRODUCT_MSG.ncmRequired, PRODUCT_MSG.cfopRequired, PRODUCT_MSG.ncmInvalid, PRODUCT_MSG.cfopInvalid, PRODUCT_MSG.cestInvalid] as string[];
      setTab(fiscal.includes(problems[0]) && !serviceFee ? 'fiscal' : 'produto');
      return;
    }
    const original = detail.data;
    const changed = original && (original.nome !== straightenApostrophes(f.nome.trim()) || original.valor !== f.valor);
    if (productId && changed) {
      setBusy(true);
      try {
        const list = await productReferences(productId, straightenApostrophes(f.nome.trim()), f.valor ?? 0);
        if (list.length) {
          setRefs(list);
          return;
        }
      } catch (err) {
        void toastError(serverMessages(err));
        return;
      } finally {
        setBusy(false);
      }
    }
    await save(false);
  };

  const ticket = isTicketType(f.tipo);
  const categoryData = (categories.data ?? []).map((c) => ({ value: c.id, label: c.nome }));
  const eventData = [...(events.data ?? []).map((e) => ({ value: e.id, label: e.name }))];
  if (f.eventoId && !eventData.some((e) => e.value === f.eventoId)) eventData.push({ value: f.eventoId, label: f.eventoId });
  const used = usedFree(f.composicao);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack maw={1040} mx="auto">
        <TitleRow title={<>{productId ? 'Editar' : 'Cadastrar'} produto</>}>
          {detail.data && <Text c="dimmed">{detail.data.ativo ? 'À venda' : 'Fora de venda'}</Text>}
        </TitleRow>

        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {tabs.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {TAB_LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          <Tabs.Panel value="produto" pt="md">
            <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
              <Stack>
                {!serviceFee && <ImagePicker label="Foto do produto" localId={localId} value={f.fotoProduto} onChange={(url) => set('fotoProduto', url)} />}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label="Nome" value={f.nome} onChange={(e) => set('nome', e.currentTarget.value)} withAsterisk={!serviceFee} readOnly={serviceFee} maxLength={200} error={errors.nome} />
                  <MoneyInput label="Valor" value={f.valor} onChange={(v) => set('valor', v)} withAsterisk={!serviceFee} readOnly={serviceFee} error={errors.valor} />
                  <Select
                    label="Tipo"
                    data={Object.entries(PRODUCT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
                    value={String(f.tipo)}
                    onChange={(v) => v && set('tipo', Number(v))}
                    allowDeselect={false}
                    disabled={serviceFee && Boolean(productId)}
                  />
                  <Select label="Categoria" data={categoryData} value={f.categoriaLocalClienteId} onChange={(v) => set('categoriaLocalClienteId', v)} searchable clearable placeholder="Sem categoria" />
                </SimpleGrid>
                {serviceFee ? (
                  <Checkbox label="Bloquear impressão (POS)" checked={f.bloquearImpressao} onChange={(e) => set('bloquearImpressao', e.currentTarget.checked)} />
                ) : (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 3 }}>
                      <TextInput label="Código interno" value={f.codigoInterno} onChange={(e) => set('codigoInterno', e.currentTarget.value)} maxLength={60} />
                      <TextInput label="Código de integração" value={f.codigoIntegracao} onChange={(e) => set('codigoIntegracao', e.currentTarget.value)} maxLength={60} />
                      <TextInput label="Código de barras" value={f.codigoBarra} onChange={(e) => set('codigoBarra', e.currentTarget.value)} maxLength={60} inputMode="numeric" />
                      {f.tipo === PRODUCT_TYPE.kilo && (
                        <NumberInput label="Tara (gramas)" value={f.tara} onChange={(v) => set('tara', typeof v === 'number' ? Math.max(0, v) : 0)} min={0} allowDecimal={false} allowNegative={false} />
                      )}
                      <NumberInput label="Tempo de expiração (minutos)" value={f.expireTime ?? ''} onChange={(v) => set('expireTime', typeof v === 'number' ? v : null)} min={0} allowDecimal={false} allowNegative={false} />
                      <NumberInput
                        label="Tempo de preparo (minutos)"
                        description="Vazio: vale o tempo de preparo do estabelecimento."
                        value={f.tempoPreparo ?? ''}
                        onChange={(v) => set('tempoPreparo', typeof v === 'number' ? v : null)}
                        min={1}
                        max={240}
                        allowDecimal={false}
                        allowNegative={false}
                        error={errors.tempoPreparo}
                      />
                      <NumberInput label="Quantidade máxima por usuário" value={f.quantidadeMaximaPorUsuario ?? ''} onChange={(v) => set('quantidadeMaximaPorUsuario', typeof v === 'number' ? v : null)} min={0} allowDecimal={false} allowNegative={false} />
                      {ticket && (
                        <Select
                          label="Evento"
                          data={eventData}
                          value={f.eventoId}
                          onChange={(v) => set('eventoId', v)}
                          searchable
                          clearable
                          placeholder={eventData.length ? 'Escolha o evento' : 'Nenhum evento disponível'}
                          error={events.isError ? `Não foi possível carregar os eventos: ${events.error.message}` : undefined}
                        />
                      )}
                    </SimpleGrid>
                    <Radio.Group label="Restrição por sexo" value={String(f.restricaoPorSexo)} onChange={(v) => set('restricaoPorSexo', Number(v))}>
                      <Group mt={4}>
                        {SEX_RESTRICTION_OPTIONS.map((o) => (
                          <Radio key={o.value} value={String(o.value)} label={o.label} />
                        ))}
                      </Group>
                    </Radio.Group>
                    <Textarea label="Informações do produto" value={f.informacaoProduto} onChange={(e) => set('informacaoProduto', e.currentTarget.value)} autosize minRows={2} maxLength={1000} />
                    {f.tipo === PRODUCT_TYPE.doacao && <Alert color="blue">Produto de doação: o valor é o da doação sugerida.</Alert>}
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                      <Checkbox label="Destaque" checked={f.destaque} onChange={(e) => set('destaque', e.currentTarget.checked)} />
                      <Checkbox label="Esconder do catálogo (totem)" checked={f.esconderCatalago} onChange={(e) => set('esconderCatalago', e.currentTarget.checked)} />
                      <Checkbox
                        label="Isento de taxa de serviço"
                        checked={ticket || f.isencaoTaxaServico}
                        disabled={ticket}
                        description={ticket ? 'Ingressos são sempre isentos.' : undefined}
                        onChange={(e) => set('isencaoTaxaServico', e.currentTarget.checked)}
                      />
                      <Checkbox label="Consumo apenas para maiores de 18 anos" checked={f.adultHood} onChange={(e) => set('adultHood', e.currentTarget.checked)} />
                      <Checkbox label="Bloquear impressão (POS)" checked={f.bloquearImpressao} onChange={(e) => set('bloquearImpressao', e.currentTarget.checked)} />
                      <Checkbox label="Não exibir no KDS" checked={f.dontShowInKDS} onChange={(e) => set('dontShowInKDS', e.currentTarget.checked)} />
                      <Checkbox label="Produto com composição" checked={f.produtoComposicao} onChange={(e) => set('produtoComposicao', e.currentTarget.checked)} />
                      <Checkbox label="Pedir observação geral do produto" checked={f.observacaoGeralDoProduto} onChange={(e) => set('observacaoGeralDoProduto', e.currentTarget.checked)} />
                      <Checkbox label="Controla estoque" checked={f.controlaEstoque} onChange={(e) => set('controlaEstoque', e.currentTarget.checked)} />
                    </SimpleGrid>
                    <Group align="flex-end" gap="xs">
                      <NumberInput
                        label="Quantidade reservada (gestão de estoque)"
                        description="Altere só para corrigir erros da integração de estoque."
                        value={f.quantidadeReservado}
                        onChange={(v) => set('quantidadeReservado', typeof v === 'number' ? v : 0)}
                        disabled={!reservedEditable}
                        allowDecimal={false}
                        error={errors.quantidadeReservado}
                        w={320}
                      />
                      <Tooltip label="Editar quantidade reservada">
                        <ActionIcon variant="light" size="lg" aria-label="Editar quantidade reservada" onClick={() => setReservedEditable(true)} disabled={reservedEditable}>
                          <EditIcon />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </>
                )}
                {serviceFee && (
                  <FiscalFields value={{ ncm: f.ncm, cfop: f.cfop, cest: f.cest }} onChange={(v) => setF((o) => ({ ...o, ...v }))} required={false} errors={errors} />
                )}
              </Stack>
            </Paper>
          </Tabs.Panel>

          <Tabs.Panel value="acrescimos" pt="md">
            <Stack>
              <NumberInput
                label="Quantidade de adicionais gratuitos"
                description={used ? `Os adicionais já usam ${used}; o limite não pode ficar abaixo disso.` : undefined}
                value={f.quantidadeAdicionaisGratuito}
                onChange={(v) => set('quantidadeAdicionaisGratuito', typeof v === 'number' ? v : 0)}
                onBlur={() => set('quantidadeAdicionaisGratuito', clampProductFreeLimit(f.quantidadeAdicionaisGratuito, f.composicao))}
                min={0}
                allowDecimal={false}
                maw={320}
              />
              <AdditionalEditor
                localId={localId}
                rows={f.composicao}
                onChange={(rows) => set('composicao', rows)}
                productFreeLimit={f.quantidadeAdicionaisGratuito}
                editor
                excludeProductId={productId}
              />
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="observacoes" pt="md">
            <ObservationEditor localId={localId} rows={f.observacoes} onChange={(rows) => set('observacoes', rows)} />
          </Tabs.Panel>

          <Tabs.Panel value="fiscal" pt="md">
            <Paper withBorder p="lg" radius="md">
              <FiscalFields value={{ ncm: f.ncm, cfop: f.cfop, cest: f.cest }} onChange={(v) => setF((o) => ({ ...o, ...v }))} required={issuesNfce} errors={errors} />
            </Paper>
          </Tabs.Panel>

          <Tabs.Panel value="estabelecimento" pt="md">
            <Paper withBorder p="lg" radius="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Loja"
                  data={[{ value: EMPTY_GUID, label: 'Nenhuma loja' }, ...(stores.data ?? []).map((s) => ({ value: s.Id, label: s.Name }))]}
                  value={f.storeId ?? EMPTY_GUID}
                  onChange={(v) => set('storeId', !v || v === EMPTY_GUID ? null : v)}
                  allowDeselect={false}
                />
                <Select
                  label="Cardápio de venda personalizado"
                  data={(menus.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                  value={f.menuVendaPersonalizadoId}
                  onChange={(v) => set('menuVendaPersonalizadoId', v)}
                  clearable
                  placeholder="Nenhum"
                />
              </SimpleGrid>
            </Paper>
          </Tabs.Panel>

          <Tabs.Panel value="nutricional" pt="md">
            <Paper withBorder p="lg" radius="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select label="Grupo energético" data={ENERGY_GROUPS.map((g) => ({ value: String(g.value), label: g.label }))} value={String(f.grupoEnergetico)} onChange={(v) => set('grupoEnergetico', Number(v ?? 0))} allowDeselect={false} />
                <Select label="Classificação nutricional" data={NUTRITION_CLASSES.map((g) => ({ value: String(g.value), label: g.label }))} value={String(f.classificacaoNutricional)} onChange={(v) => set('classificacaoNutricional', Number(v ?? 0))} allowDeselect={false} />
              </SimpleGrid>
            </Paper>
          </Tabs.Panel>
        </Tabs>

        <Group justify="space-between">
          <Button variant="default" onClick={() => void navigate({ to: '/produtos/produto' })} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" loading={busy}>
            Salvar
          </Button>
        </Group>
      </Stack>

      <Modal opened={refs !== null} onClose={() => setRefs(null)} title="Alterar também nos produtos que usam este como adicional?" centered>
        <Stack>
          <Text>Este produto é adicional de outros produtos. Deseja aplicar o novo nome e valor neles também?</Text>
          <List size="sm" data-testid="reference-list">
            {(refs ?? []).map((r) => (
              <List.Item key={r.Name}>
                {r.Name} — hoje {formatBRL(r.ValueInParent)}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void save(false)}>
              Cancelar
            </Button>
            <Button onClick={() => void save(true)}>Alterar</Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
