/**
 * Sales point rules shared by the API and the PWA (spec 001 "Sales points" §3-§5): enumerations,
 * the system combination rules, the derived type and NFC-e dependencies. Messages verbatim from the
 * spec (typos included); the ones marked "ours" fill gaps.
 */

export const SALES_POINT_MSG = {

  // spec 001 §5 / §8 sales points
  chooseSystemBeforeSave: 'Escolha o sistema antes de salvar',
  chooseSystem: 'Escolha um sistema para continuar',
  choosePrintType: 'Escolha o tipo de impressão',
  deleteSalesPointQuestion: 'Deseja excluir este ponto de venda?',
  cannotBeUndone: 'Esta ação não poderá ser desfeita.',
  salesPointDeleted: 'Ponto de venda excluído!',
  salesPointDeleteFailed: 'Falha ao exlcuir ponto de venda',
  salesPointCreated: 'Ponto de venda criado com sucesso!',
  salesPointEdited: 'Ponto de venda editado com sucesso!',
  linkFailed: 'Falha ao vincular equipamento!',
  unlinkFailed: 'Falha ao desvincular equipamento!',
  salesPointNameRequired: 'Informe o nome do ponto de venda.',
  salesPointNotFound: 'Ponto de venda não encontrado.',
  systemsNotAllowed: 'Combinação de sistemas não permitida.',
  duplicateSystem: 'Cada sistema só pode ser escolhido uma vez.',
  nfcePrintNeedsCreate: 'Imprimir NFC-e exige emitir NFC-e.',
  danfeNeedsBoth: 'A DANFE completa exige emitir e imprimir NFC-e.',
  manualNfceNeedsCreate: 'A NFC-e manual exige emitir NFC-e.',
  unknownProductList: 'Lista de produtos inexistente.',
  unknownDevice: 'Equipamento inexistente.',
  deviceAlreadyLinked: 'Equipamento já vinculado a outro ponto de venda.',
  noDevicesChosen: 'Escolha ao menos um equipamento.',
  linked: 'Equipamentos vinculados com sucesso!',
  unlinked: 'Equipamentos desvinculados com sucesso!',
  noSalesPoints: 'Nenhum ponto de venda cadastrado.',
  noDevicesToLink: 'Nenhum equipamento disponível para vincular.',
  noLinkedDevices: 'Nenhum equipamento vinculado.',
} as const;

// ---------------------------------------------------------------------------------------------
// Sales points (spec 001 §3-§5)
// ---------------------------------------------------------------------------------------------

export const SALES_POINT_TYPE = { Standard: 1, CashLessPosPaid: 2, School: 3, Honest: 4 } as const;
export type SalesPointType = (typeof SALES_POINT_TYPE)[keyof typeof SALES_POINT_TYPE];
export const SALES_POINT_TYPE_LABEL: Record<number, string> = { 1: 'Padrão', 2: 'Cashless / Pós-pago', 3: 'Escola', 4: 'Mercado Honesto' };

export const SYSTEM_TYPE = { PosPagoComanda: 1, PrePagoFicha: 2, PrePagoCashless: 3, PrePagoEscola: 4, MercadoHonesto: 5 } as const;
export type SystemType = (typeof SYSTEM_TYPE)[keyof typeof SYSTEM_TYPE];
/** In the order of the chooser (spec 001 §2.5), with the spec's labels. */
export const SYSTEM_TYPES: ReadonlyArray<{ value: SystemType; label: string }> = [
  { value: 1, label: 'Pós-pago Comanda' },
  { value: 2, label: 'Pré-Pago Ficha' },
  { value: 3, label: 'Pré-Pago Cashless' },
  { value: 4, label: 'Pré-pago Escola' },
  { value: 5, label: 'Mercado Honesto' },
];
export const systemLabel = (s: number) => SYSTEM_TYPES.find((x) => x.value === s)?.label ?? `Sistema ${s}`;

export const PRINT_TYPE = { Ficha: 1, ResumoPedido: 2, NaoImprimir: 3, AgruparPorCategoria: 4 } as const;
/** The print types the selects offer (AgruparPorCategoria exists but is not offered). */
export const PRINT_TYPES: ReadonlyArray<{ value: 1 | 2 | 3; label: string }> = [
  { value: 1, label: 'Ficha' },
  { value: 2, label: 'Resumo Pedido' },
  { value: 3, label: 'Não imprimir' },
];
export const printTypeLabel = (p: number) => (p === 4 ? 'Agrupar por categoria' : PRINT_TYPES.find((x) => x.value === p)?.label ?? '—');

/** Device types (spec 001 §3). */
export const DEVICE_TYPES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 1, label: 'App' },
  { value: 2, label: 'Totem' },
  { value: 3, label: 'POS' },
  { value: 4, label: 'POS+' },
  { value: 5, label: 'Validador' },
  { value: 6, label: 'PowerBank' },
  { value: 7, label: 'Pirulito' },
  { value: 8, label: 'Máquina de Cartão' },
  { value: 9, label: 'Tablet' },
];
export const deviceTypeLabel = (t: number) => DEVICE_TYPES.find((x) => x.value === t)?.label ?? `Tipo ${t}`;

/**
 * How every screen names a device: its name, or its type plus the end of its IMEI (or of its id).
 * Never its position in a list: the same device was "POS 1" in one dialog and "POS 2" on the card.
 */
export function deviceDisplayName(device: { name?: string | null; type: number; imei?: string | null; id?: string | null }): string {
  const name = device.name?.trim();
  if (name) return name;
  const imei = device.imei?.replace(/\s/g, '');
  if (imei) return `${deviceTypeLabel(device.type)} (IMEI final ${imei.slice(-4)})`;
  const id = device.id?.replace(/-/g, '');
  return id ? `${deviceTypeLabel(device.type)} (${id.slice(0, 6)})` : deviceTypeLabel(device.type);
}

/**
 * The linked devices on a sales point's card (spec 001 §2.5: "linked devices (name or type plus
 * index)", issue 40 I02): a named device by its name; an unnamed one by its type plus its index
 * among the card's unnamed devices of that type ("POS 1", "POS 2"), followed by the same IMEI ending
 * the dialogs show, so the device is still recognised there (issue 11: a bare index named one device
 * differently in two lists).
 */
export function linkedDeviceLabels(list: ReadonlyArray<{ name?: string | null; type: number; imei?: string | null; id?: string | null }>): string[] {
  const seen = new Map<number, number>();
  return list.map((d) => {
    if (d.name?.trim()) return d.name.trim();
    const n = (seen.get(d.type) ?? 0) + 1;
    seen.set(d.type, n);
    const full = deviceDisplayName(d);
    const type = deviceTypeLabel(d.type);
    return `${type} ${n}${full.slice(type.length)}`;
  });
}

const { PosPagoComanda, PrePagoFicha, PrePagoCashless, PrePagoEscola, MercadoHonesto } = SYSTEM_TYPE;
/** Comanda, Cashless and Escola are mutually exclusive among themselves. */
const EXCLUSIVE_GROUP: readonly number[] = [PosPagoComanda, PrePagoCashless, PrePagoEscola];

/**
 * Whether a set of systems is allowed (spec 001 §4): Mercado Honesto alone; Ficha with at most one
 * of Comanda, Cashless or Escola; those three never together; no system twice; at least one.
 */
export function isAllowedSystemSet(systems: readonly number[]): boolean {
  if (systems.length === 0) return false;
  if (new Set(systems).size !== systems.length) return false;
  if (systems.some((s) => !SYSTEM_TYPES.some((x) => x.value === s))) return false;
  if (systems.includes(MercadoHonesto)) return systems.length === 1;
  return systems.filter((s) => EXCLUSIVE_GROUP.includes(s)).length <= 1;
}

/** Whether `candidate` may be added to the current choice (disallowed options are disabled). */
export function canAddSystem(current: readonly number[], candidate: number): boolean {
  if (current.includes(candidate)) return true;
  return isAllowedSystemSet([...current, candidate]);
}

/** Toggles a system in the choice, refusing a disallowed addition (returns the choice unchanged). */
export function toggleSystem(current: readonly number[], system: number): number[] {
  if (current.includes(system)) return current.filter((s) => s !== system);
  return canAddSystem(current, system) ? [...current, system] : [...current];
}

/**
 * The sales point type the systems decide (spec 001 §4): Honest when Mercado Honesto is chosen;
 * else CashLessPosPaid with Comanda or Cashless; else School with Escola; else (Ficha) Standard.
 */
export function deriveSalesPointType(systems: readonly number[]): SalesPointType {
  if (systems.includes(MercadoHonesto)) return SALES_POINT_TYPE.Honest;
  if (systems.includes(PosPagoComanda) || systems.includes(PrePagoCashless)) return SALES_POINT_TYPE.CashLessPosPaid;
  if (systems.includes(PrePagoEscola)) return SALES_POINT_TYPE.School;
  return SALES_POINT_TYPE.Standard;
}

/**
 * The prepaid token (ficha): on whenever Ficha is chosen alone; an add-on flag the user sets when
 * Ficha is combined with another system; off without Ficha.
 * Returns `forced` when the user may not change it.
 */
export function prepaidTokenRule(systems: readonly number[]): { available: boolean; forced: boolean | null } {
  if (!systems.includes(PrePagoFicha)) return { available: false, forced: false };
  if (systems.length === 1) return { available: true, forced: true };
  return { available: true, forced: null };
}

/** The prepaid-token value a sales point ends up with, given what the user asked for. */
export function resolvePrepaidToken(systems: readonly number[], wanted: boolean): boolean {
  const rule = prepaidTokenRule(systems);
  return rule.forced ?? wanted;
}

export interface SystemConfig {
  systemType: number;
  printType: number | null;
  enableRemotePrinter: boolean;
}

/** Validation of "Confirmar Sistema" (spec 001 §5): at least one system; a print type for each. */
export function systemChoiceProblem(configs: readonly SystemConfig[]): string | null {
  if (configs.length === 0) return SALES_POINT_MSG.chooseSystem;
  if (!isAllowedSystemSet(configs.map((c) => c.systemType))) return SALES_POINT_MSG.systemsNotAllowed;
  const known = (p: number) => PRINT_TYPES.some((x) => x.value === p) || p === PRINT_TYPE.AgruparPorCategoria;
  if (configs.some((c) => c.printType == null || !known(c.printType))) return SALES_POINT_MSG.choosePrintType;
  return null;
}

/** Fiscal flags and their dependencies (spec 001 §5). */
export interface FiscalFlags {
  createNFCe: boolean;
  printNFCe: boolean;
  printCompletedDANFE: boolean;
  enableManualNFCeForCashPayment: boolean;
  enableManualNFCeForCreditPayment: boolean;
  enableManualNFCeForDebitPayment: boolean;
  enableManualNFCeForMixedPayment: boolean;
}
export const MANUAL_NFCE_FIELDS = [
  'enableManualNFCeForCashPayment',
  'enableManualNFCeForCreditPayment',
  'enableManualNFCeForDebitPayment',
  'enableManualNFCeForMixedPayment',
] as const;

/** Whether a fiscal option can be turned on given the others: print needs create; full DANFE needs both; manual NFC-e needs create. */
export function fiscalOptionEnabled(field: keyof FiscalFlags, f: FiscalFlags): boolean {
  if (field === 'createNFCe') return true;
  if (field === 'printNFCe') return f.createNFCe;
  if (field === 'printCompletedDANFE') return f.createNFCe && f.printNFCe;
  return f.createNFCe;
}

/** Turns off every fiscal option whose dependency is off (after a change). */
export function applyFiscalDependencies<T extends FiscalFlags>(f: T): T {
  const next = { ...f };
  if (!next.createNFCe) {
    next.printNFCe = false;
    for (const m of MANUAL_NFCE_FIELDS) next[m] = false;
  }
  if (!(next.createNFCe && next.printNFCe)) next.printCompletedDANFE = false;
  return next;
}

/** The fiscal problems the server refuses. */
export function fiscalProblems(f: FiscalFlags): Array<{ path: keyof FiscalFlags; message: string }> {
  const out: Array<{ path: keyof FiscalFlags; message: string }> = [];
  if (f.printNFCe && !f.createNFCe) out.push({ path: 'printNFCe', message: SALES_POINT_MSG.nfcePrintNeedsCreate });
  if (f.printCompletedDANFE && !(f.createNFCe && f.printNFCe)) out.push({ path: 'printCompletedDANFE', message: SALES_POINT_MSG.danfeNeedsBoth });
  for (const m of MANUAL_NFCE_FIELDS) if (f[m] && !f.createNFCe) out.push({ path: m, message: SALES_POINT_MSG.manualNfceNeedsCreate });
  return out;
}

/** Which option groups of the form apply to a choice of systems. */
export function salesPointOptionGroups(systems: readonly number[], enablePrepaidToken: boolean) {
  return {
    prepaidToken: systems.includes(PrePagoFicha) && enablePrepaidToken,
    cashless: systems.some((s) => s === PosPagoComanda || s === PrePagoCashless || s === PrePagoEscola),
    postPaid: systems.includes(PosPagoComanda),
    honest: systems.includes(MercadoHonesto),
    school: systems.includes(PrePagoEscola),
  };
}

/** Sales point service fee 0-100 % (ours: 1-100 while enabled, like the food configuration). */
export const SALES_POINT_SERVICE_TAX = { min: 1, max: 100, default: 10 } as const;
export const SALES_POINT_NAME_MAX = 100;
export const POST_PAYMENT_MESSAGE_MAX = 500;
export const SHORTCUTS_MAX = 500;
