/**
 * Sales points and devices (spec 001 §2.5, §3 "Sales point", §4, §5, §7 "Sales points").
 *
 * Decisions where the spec is silent (ours):
 * - Update is PUT api/SalesPoint/Update (body salesPoint).
 * - Add answers 201 with { salesPoint }; Update 200 with { salesPoint }; Delete 200 with { Message }.
 * - The spec shows no role for these pages: any member of the venue may use them, like the route.
 * - The product list select reads the catalogue's GET api/Proprietario/BuscarListasProdutosDoLocal
 *   (listaProdutoId, descricao; registered by the catalogue module).
 * - A device belongs to at most one sales point; deleting a sales point unlinks its devices.
 * - enablePixPayment is shown disabled in the form: a new sales point gets false and an update keeps
 *   the stored value.
 * - type and, when forced, enablePrepaidToken are derived by the server from the systems.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { int32, trimmedMax } from './common';
import { FOOD_CONFIG_MSG } from '../food-config';
import {
  fiscalProblems,
  isAllowedSystemSet,
  POST_PAYMENT_MESSAGE_MAX,
  SALES_POINT_NAME_MAX,
  SALES_POINT_SERVICE_TAX,
  SHORTCUTS_MAX,
  SALES_POINT_MSG,
} from '../sales-points';

export const SALES_POINT_ROLE = '';

const enc = encodeURIComponent;
export const SALES_POINT_API = {
  list: (localClientId: string) => `api/SalesPoint/GetAllSalesPointByLocalClientId/${enc(localClientId)}`,
  /** ?localClientId=&SalesPointId= */
  linked: 'api/SalesPoint/Equipament/GetLinked',
  unlinked: (localClientId: string) => `api/SalesPoint/Equipament/GetUnlinked/${enc(localClientId)}`,
  add: 'api/SalesPoint/Add',
  update: 'api/SalesPoint/Update',
  link: 'api/SalesPoint/Equipament/LinkEquipamentsToSalesPoint',
  unlink: 'api/SalesPoint/Equipament/UnlinkEquipamentsFromSalesPoint',
  remove: (id: string) => `api/salesPoint/Delete/${enc(id)}`,
  /** Registered by the catalogue module (spec 001 §7 "Products and owner"). */
  productLists: (localClientId: string) => `api/Proprietario/BuscarListasProdutosDoLocal/${enc(localClientId)}`,
} as const;

/** Every integer fits its int4 column (common.ts). */
const int = int32;

export const managementSystemConfiguration = z.object({
  systemType: z.number().check(z.int(), z.gte(1, SALES_POINT_MSG.chooseSystem), z.lte(5, SALES_POINT_MSG.chooseSystem)),
  printType: z.number({ error: SALES_POINT_MSG.choosePrintType }).check(z.int(SALES_POINT_MSG.choosePrintType), z.gte(1, SALES_POINT_MSG.choosePrintType), z.lte(4, SALES_POINT_MSG.choosePrintType)),
  enableRemotePrinter: z.boolean(),
});
export type ManagementSystemConfiguration = z.infer<typeof managementSystemConfiguration>;

/** Payment flags (spec 001 §3), in the order the form and the card show them, with labels. */
export const PAYMENT_FLAGS = [
  ['enableCashPayment', 'Dinheiro'],
  ['enableCreditCardPayment', 'Cartão de crédito'],
  ['enableDebitCardPayment', 'Cartão de débito'],
  ['enablePixPayment', 'Pix'],
  ['enableVoucherPayment', 'Voucher'],
  ['enableDeliveryPayment', 'Pagamento na entrega'],
  ['enablePendingPayment', 'Pagamento pendente'],
  ['enableCheckPayment', 'Cheque'],
  ['enableCashback', 'Cashback'],
  ['enableProductionPayment', 'Pagamento em produção'],
  ['enablePaymentAdjustment', 'Ajuste de pagamento'],
  ['enableMeepCard', 'Cartão Meep'],
] as const;

export const FISCAL_FLAGS = [
  ['createNFCe', 'Emitir NFC-e'],
  ['printNFCe', 'Imprimir NFC-e'],
  ['printCompletedDANFE', 'Imprimir DANFE completa'],
  ['enableTaxCouponSMS', 'Enviar cupom fiscal por SMS'],
] as const;

export const MANUAL_NFCE_FLAGS = [
  ['enableManualNFCeForCashPayment', 'Dinheiro'],
  ['enableManualNFCeForCreditPayment', 'Crédito'],
  ['enableManualNFCeForDebitPayment', 'Débito'],
  ['enableManualNFCeForMixedPayment', 'Misto'],
] as const;

export const PREPAID_TOKEN_FLAGS = [
  ['useSingleScreen', 'Usar tela única'],
  ['usePrisma', 'Usar Prisma'],
  ['triggerPaymentScreenAfterProductsSelection', 'Abrir pagamento após escolher os produtos'],
  ['triggerPostSaleVideo', 'Exibir vídeo após a venda'],
  ['triggerOrderConfirmationAutomatically', 'Confirmar pedido automaticamente'],
  ['openLastAction', 'Abrir na última ação'],
  ['enableMeepFoodOrderPayment', 'Pagamento de pedidos Meep Food'],
  ['triggerVariableProductAutomatically', 'Abrir produto variável automaticamente'],
] as const;

export const CASHLESS_FLAGS = [
  ['enableExtractConsult', 'Consulta de extrato'],
  ['enableActivation', 'Ativação'],
  ['enableDesactivation', 'Desativação'],
  ['enableRecharge', 'Recarga'],
  ['enableConsumption', 'Consumo'],
  ['triggerValidateBalanceAutomatically', 'Validar saldo automaticamente'],
  ['requestCpfRotateCard', 'Pedir CPF ao trocar cartão'],
] as const;

export const POST_PAID_FLAGS = [
  ['enableConsumptionOnCashlessPostpaidActivation', 'Consumo na ativação pós-paga'],
  ['forceConsumptionOnCashlessPostpaidActivation', 'Forçar consumo na ativação pós-paga'],
] as const;

export const HONEST_FLAGS = [
  ['enableBarcodeReader', 'Leitor de código de barras'],
  ['onlyBarcodeReader', 'Somente leitor de código de barras'],
  ['readBarcodeWithRearCamera', 'Ler código com a câmera traseira'],
] as const;

export const SCHOOL_FLAGS = [
  ['searchMeepCardByName', 'Buscar cartão do aluno pelo nome'],
  ['useNumberKeyboardInNamedSearch', 'Teclado numérico na busca por nome'],
  ['enableStrongPassword', 'Senha forte'],
] as const;

export const OTHER_FLAGS = [
  ['enablePrintReceipt', 'Imprimir comprovante'],
  ['enableAllProductsCategory', 'Categoria "Todos os produtos"'],
  ['includeOrderInKDS', 'Enviar pedido ao painel (KDS)'],
  ['requestOrderObservation', 'Pedir observação do pedido'],
  ['requestConsumptionSaleTable', 'Pedir mesa na venda'],
  ['inactiveClientIdentification', 'Desativar identificação do cliente'],
] as const;

export const ALL_FLAG_GROUPS = [PAYMENT_FLAGS, FISCAL_FLAGS, MANUAL_NFCE_FLAGS, PREPAID_TOKEN_FLAGS, CASHLESS_FLAGS, POST_PAID_FLAGS, HONEST_FLAGS, SCHOOL_FLAGS, OTHER_FLAGS] as const;
type FlagName = (typeof ALL_FLAG_GROUPS)[number][number][0];
export const ALL_FLAG_NAMES = ALL_FLAG_GROUPS.flatMap((g) => g.map(([name]) => name)) as FlagName[];

const flagShape = Object.fromEntries(ALL_FLAG_NAMES.map((n) => [n, z.boolean()])) as Record<FlagName, z.ZodMiniBoolean<boolean>>;


/** Every field of spec 001 §3 "Sales point". */
const salesPointShape = {
  name: z.pipe(
    z.string().check(z.trim()),
    z.string().check(z.minLength(1, SALES_POINT_MSG.salesPointNameRequired), z.maxLength(SALES_POINT_NAME_MAX)),
  ),
  localClientId: z.string(),
  /** 1 Standard, 2 CashLessPosPaid, 3 School, 4 Honest (derived from the systems). */
  type: int(),
  productListId: z.nullable(z.string()),
  managementSystemConfiguration: z.array(managementSystemConfiguration).check(z.maxLength(5)),
  enablePrepaidToken: z.boolean(),
  enableServiceTax: z.boolean(),
  serviceTaxPercentage: z.number().check(z.gte(0), z.lte(SALES_POINT_SERVICE_TAX.max)),
  ...flagShape,
  initialScreenShortcuts: trimmedMax(SHORTCUTS_MAX),
  postPaymentMessage: trimmedMax(POST_PAYMENT_MESSAGE_MAX),
};

/** A sales point as the API answers it. */
export const salesPoint = z.object({
  id: z.string(),
  name: z.string(),
  localClientId: z.string(),
  type: int(),
  productListId: z.nullable(z.string()),
  managementSystemConfiguration: z.array(z.object({ systemType: int(), printType: int(), enableRemotePrinter: z.boolean() })),
  enablePrepaidToken: z.boolean(),
  enableServiceTax: z.boolean(),
  serviceTaxPercentage: z.number(),
  ...flagShape,
  initialScreenShortcuts: z.string(),
  postPaymentMessage: z.string(),
});
export type SalesPoint = z.output<typeof salesPoint>;

type Checkable = Pick<SalesPoint, 'managementSystemConfiguration' | 'enableServiceTax' | 'serviceTaxPercentage' | 'createNFCe' | 'printNFCe' | 'printCompletedDANFE' | 'enableManualNFCeForCashPayment' | 'enableManualNFCeForCreditPayment' | 'enableManualNFCeForDebitPayment' | 'enableManualNFCeForMixedPayment'>;
/** Systems chosen and allowed together; service fee in range while enabled; fiscal dependencies. */
const salesPointRules = z.superRefine<Checkable>((sp, ctx) => {
  const systems = sp.managementSystemConfiguration.map((c) => c.systemType);
  if (systems.length === 0) ctx.addIssue({ code: 'custom', message: SALES_POINT_MSG.chooseSystemBeforeSave, path: ['managementSystemConfiguration'], input: sp });
  else if (new Set(systems).size !== systems.length) ctx.addIssue({ code: 'custom', message: SALES_POINT_MSG.duplicateSystem, path: ['managementSystemConfiguration'], input: sp });
  else if (!isAllowedSystemSet(systems)) ctx.addIssue({ code: 'custom', message: SALES_POINT_MSG.systemsNotAllowed, path: ['managementSystemConfiguration'], input: sp });
  if (sp.enableServiceTax && (sp.serviceTaxPercentage < SALES_POINT_SERVICE_TAX.min || sp.serviceTaxPercentage > SALES_POINT_SERVICE_TAX.max)) {
    ctx.addIssue({ code: 'custom', message: FOOD_CONFIG_MSG.serviceTaxRange, path: ['serviceTaxPercentage'], input: sp });
  }
  for (const p of fiscalProblems(sp)) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path], input: sp });
});

/** POST api/SalesPoint/Add body: { salesPoint } (no id; type is derived by the server). */
export const salesPointAdd = z.object({
  salesPoint: z.object({ ...salesPointShape, type: z.optional(int()) }).check(salesPointRules),
});
/** PUT api/SalesPoint/Update body: { salesPoint } with its id. */
export const salesPointUpdate = z.object({
  salesPoint: z.object({ id: z.string(), ...salesPointShape, type: z.optional(int()) }).check(salesPointRules),
});
export type SalesPointInput = z.input<typeof salesPointAdd>['salesPoint'];

export const salesPointEnvelope = z.object({ salesPoint });
/** GET api/SalesPoint/GetAllSalesPointByLocalClientId/{localClientId}: items with a salesPoint. */
export const salesPointList = z.array(salesPointEnvelope);

/** Device (spec 001 §3): type 1-9 (DEVICE_TYPES). */
export const device = z.object({ id: z.string(), name: z.string(), type: int(), imei: z.string() });
export type Device = z.infer<typeof device>;
export const deviceList = z.array(device);

export const linkedQuery = z.object({ localClientId: z.string(), SalesPointId: z.string() });

const ids = z.array(z.string().check(z.maxLength(64))).check(z.minLength(1, SALES_POINT_MSG.noDevicesChosen), z.maxLength(500));
/** POST …/LinkEquipamentsToSalesPoint */
export const linkRequest = z.object({ salesPointId: z.string(), equipaments: ids });
/** POST …/UnlinkEquipamentsFromSalesPoint: the devices to unlink (the UNCHECKED ones of the dialog). */
export const unlinkRequest = z.object({ equipaments: ids });
export const linkResponse = z.object({ Message: z.string(), count: int() });

/** Product list of a venue (spec 001 §3). */
export const productList = z.object({ listaProdutoId: z.string(), descricao: z.string() });
export const productListList = z.array(productList);
export type ProductList = z.infer<typeof productList>;

export { messageAnswer as messageResponse } from './common';

/** The values of a new sales point before its systems are chosen (every flag off). */
export function emptySalesPoint(localClientId: string): SalesPointInput {
  const flags = Object.fromEntries(ALL_FLAG_NAMES.map((n) => [n, false])) as Record<FlagName, boolean>;
  return {
    ...flags,
    name: '',
    localClientId,
    type: 1,
    productListId: null,
    managementSystemConfiguration: [],
    enablePrepaidToken: false,
    enableServiceTax: false,
    serviceTaxPercentage: SALES_POINT_SERVICE_TAX.default,
    initialScreenShortcuts: '',
    postPaymentMessage: '',
  };
}
