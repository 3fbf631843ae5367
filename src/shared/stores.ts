/** Store rules and messages (spec 000 "Store" §2, §5, §8); the ones marked "ours" fill gaps. */

export const STORE_MSG = {
  // spec 000 §8 Store
  storeOpened: 'Loja aberta com sucesso!',
  storeOpenFailed: 'Falha ao abrir loja!',
  storeClosed: 'Loja fechada com sucesso!',
  storeCloseFailed: 'Falha ao fechar loja!',
  // ours
  storeNotFound: 'Loja não encontrada.',
  storeNameRequired: 'Preencha o nome da loja para continuar.',
  storeHoursInvalid: 'Hora inicial não pode ser maior que hora final',
  storeDeleted: 'Loja excluída com sucesso!',
  storeSaved: 'Loja salva com sucesso!',
  storeEdited: 'Loja editada com sucesso!',
  storeUserNotMember: 'Um dos usuários escolhidos não pertence a este estabelecimento.',
  storeCategoryNotFound: 'Categoria de loja não encontrada.',
} as const;

/** Weekdays of a store's availability (0 Sunday ... 6 Saturday, as the food configuration's availableDay). */
export const WEEKDAYS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

/** A sector can only be added when its name is not blank (spec 000 §5). */
export function canAddSector(name: string | null | undefined): boolean {
  return (name ?? '').trim().length > 0;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTime = (s: string) => HHMM.test(s);

/** A store's form (ours, except the sector rule): a name, and hours that are times with start ≤ end. */
export function validateStore(s: { name?: string | null; availableDay?: Array<{ DayOfWeek: number; StartHour: string; EndHour: string }> }): string | null {
  if (!(s.name ?? '').trim()) return STORE_MSG.storeNameRequired;
  for (const d of s.availableDay ?? []) {
    if (!isTime(d.StartHour) || !isTime(d.EndHour) || d.StartHour > d.EndHour) return STORE_MSG.storeHoursInvalid;
  }
  return null;
}

/** Categories on a store card: all when three or fewer, else the first three and a count (spec 000 §2). */
export function storeCategorySummary(names: string[]): { shown: string[]; more: number } {
  return names.length > 3 ? { shown: names.slice(0, 3), more: names.length - 3 } : { shown: names, more: 0 };
}

