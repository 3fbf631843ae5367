/**
 * The manager's views of the tables' bills (issue 41): open tables (time open, total, paid, who
 * ordered) and the bills closed on a day, with a reprint of a closed bill ("2ª VIA"). Back-office
 * only: the venue's managers (MANAGER_ROLES), never a waiter's phone (docs/decisions/table-bill.md).
 */
import { MANAGER_ROLES } from './permissions';
import { parseBrDay } from './dates';

/** Who may list a venue's tables and closed bills and reprint one: the venue's managers and support. */
export const BILL_MANAGER_ROLE = MANAGER_ROLES;
/** The back-office page (Meep Food group). */
export const BILL_MANAGER_PATH = '/meepFood/mesas';
export const BILL_MANAGER_TITLE = 'Mesas e contas';

export const BILL_LIST_STATUSES = ['aberta', 'fechada'] as const;
export type BillListStatus = (typeof BILL_LIST_STATUSES)[number];

export const BILL_MGR_MSG = {
  venueNotFound: 'Estabelecimento não encontrado.',
  billNotFound: 'Conta não encontrada.',
  statusInvalid: 'Informe o status: aberta ou fechada.',
  dayInvalid: 'Informe a data no formato dd/MM/aaaa.',
  tabOpen: 'Mesas abertas',
  tabClosed: 'Contas fechadas',
  emptyOpen: 'Nenhuma mesa aberta no momento.',
  emptyClosed: (dia: string) => `Nenhuma conta fechada em ${dia}.`,
  loadError: 'Não foi possível carregar as contas. Tente novamente.',
  retry: 'Tentar novamente',
  reprint: 'Reimprimir',
  reprintCopy: '2ª VIA',
  openBill: 'Abrir conta',
  day: 'Dia',
  noWaiter: '—',
  noPlace: 'Escolha um estabelecimento para ver as mesas e contas.',
  reprintSent: (printer: string) => `2ª via da conta enviada para a impressora ${printer}.`,
  reprintLocalFailed: (printer: string) =>
    `A 2ª via não foi impressa: o servidor de impressão local não respondeu (${printer}). Verifique se este computador está na rede do estabelecimento.`,
} as const;

/** The closed-bill ticket's title (a reprint of a closed bill is not a pré-conta). */
export const CLOSED_BILL_TEXT = { title: 'CONTA', copy: '2ª VIA', closedAt: 'Fechada em' } as const;

/** `dd/MM/aaaa` of a real day (1900–2100). */
export const isBrDay = (s: string) => parseBrDay(s) !== null;
