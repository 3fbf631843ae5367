/**
 * Kitchen printers (issue 24 item 5, issue 25 item 6): one printer per station (its name is the
 * station a product's NomeImpressora names), reached either through the print agent a venue runs
 * on one of its PCs (raw TCP, port 9100 by default) or through the venue's local print server
 * (the spec's `{EnderecoServidorLocal}/api/printer`, posted by the board tablet), or plugged into a
 * board tablet by USB / Bluetooth serial and written to through the browser's Web Serial API
 * (`navegador`: the server answers that station's ESC/POS bytes to the tablet, which writes them).
 * The server never opens a connection to an address a user typed: only the agent, at the venue, does.
 */

/** How a station's printer is reached. */
export const PRINTER_CONNECTION = { network: 'rede', printServer: 'servidorLocal', browser: 'navegador' } as const;
export type PrinterConnection = (typeof PRINTER_CONNECTION)[keyof typeof PRINTER_CONNECTION];
export const PRINTER_CONNECTION_LABEL: Record<PrinterConnection, string> = {
  rede: 'Rede (agente de impressão, TCP 9100)',
  servidorLocal: 'Servidor de impressão local',
  navegador: 'USB no tablet do painel (Web Serial)',
};
export const PRINTER_CONNECTIONS = [PRINTER_CONNECTION.network, PRINTER_CONNECTION.printServer, PRINTER_CONNECTION.browser] as const;

/** Thermal paper widths (mm) and the characters a line holds in font A (576 and 384 dots, 12 dots each). */
export const PAPER_WIDTHS = [80, 58] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const PAPER_COLUMNS: Record<PaperWidth, number> = { 80: 48, 58: 32 };
/**
 * Characters per line a printer can be set to: 48 (80 mm, font A), 42 (80 mm printers with 512 dots
 * or a wider font, common in Brazil: Bematech, Elgin, Daruma) and 32 (58 mm).
 */
export const PRINTER_COLUMNS = [48, 42, 32] as const;
export type PrinterColumns = (typeof PRINTER_COLUMNS)[number];
/** The columns each paper width allows; the first is the default. */
export const COLUMNS_BY_WIDTH: Record<PaperWidth, readonly PrinterColumns[]> = { 80: [48, 42], 58: [32] };
/** A printer's characters per line: its own setting when its paper allows it, else the paper's default. */
export function columnsOf(paperWidth: number, columns: number | null | undefined): PrinterColumns {
  const allowed = COLUMNS_BY_WIDTH[paperWidth === 58 ? 58 : 80];
  return allowed.find((c) => c === columns) ?? allowed[0];
}
/** The paper choices a manager picks from (paper width and columns together). */
export const PAPER_CHOICES = [
  { value: '80-48', paperWidth: 80, columns: 48, label: '80 mm — 48 colunas' },
  { value: '80-42', paperWidth: 80, columns: 42, label: '80 mm — 42 colunas' },
  { value: '58-32', paperWidth: 58, columns: 32, label: '58 mm — 32 colunas' },
] as const;

/** Code pages with Portuguese letters, chosen on the printer with ESC t n. */
export const CODE_PAGES = ['cp860', 'cp850'] as const;
export type CodePage = (typeof CODE_PAGES)[number];
export const CODE_PAGE_LABEL: Record<CodePage, string> = { cp860: 'CP860 (Português)', cp850: 'CP850 (Multilíngue)' };

export const DEFAULT_PRINTER_PORT = 9100;
export const PRINTER_NAME_MAX = 60;
export const AGENT_NAME_MAX = 60;

/** Print job states (durable rows): queued → sent (claimed by an agent, with a lease) → printed | failed. */
export const PRINT_JOB_STATUS = { queued: 'queued', sent: 'sent', printed: 'printed', failed: 'failed' } as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUS)[keyof typeof PRINT_JOB_STATUS];
export const PRINT_JOB_STATUS_LABEL: Record<PrintJobStatus, string> = {
  queued: 'Na fila',
  sent: 'Enviado ao agente',
  printed: 'Impresso',
  failed: 'Não impresso',
};

/** How long an agent holds a claimed job before it counts as unanswered. */
export const PRINT_LEASE_MS = 30_000;
/** A job the agent could not deliver (printer off, refused connection) is tried this many times. */
export const PRINT_MAX_ATTEMPTS = 3;
/** Longest long-poll wait an agent may ask for (seconds). */
export const AGENT_WAIT_MAX_S = 30;

export const PRINTER_MSG = {
  saved: 'Impressora salva com sucesso!',
  deleted: 'Impressora excluída com sucesso!',
  notFound: 'Impressora não encontrada neste estabelecimento.',
  columnsInvalid: 'Escolha 48 ou 42 colunas para papel de 80 mm e 32 colunas para papel de 58 mm.',
  nameRequired: 'Informe o nome da impressora (a estação, ex.: Cozinha).',
  nameTooLong: `O nome tem no máximo ${PRINTER_NAME_MAX} caracteres.`,
  nameTaken: 'Já existe uma impressora com este nome neste estabelecimento.',
  hostRequired: 'Informe o endereço da impressora na rede do estabelecimento (ex.: 192.168.0.50).',
  hostNotLocal: 'Use um endereço da rede local do estabelecimento (10.x, 172.16–31.x, 192.168.x ou um nome .local).',
  portInvalid: 'Informe uma porta entre 1 e 65535.',
  deleteTitle: 'Excluir impressora',
  deleteConfirm: (name: string) => `Excluir a impressora ${name}? Os produtos desta estação deixam de ser impressos nela. Esta ação não poderá ser desfeita.`,
  empty: 'Nenhuma impressora cadastrada.',
  agentCreated: 'Agente criado. Copie o token agora: ele não será mostrado de novo.',
  agentRevoked: 'Agente desconectado.',
  agentNotFound: 'Agente não encontrado neste estabelecimento.',
  agentNameRequired: 'Informe um nome para o agente (ex.: PC do caixa).',
  agentRevokeTitle: 'Desconectar agente',
  agentRevokeConfirm: (name: string) => `Desconectar o agente ${name}? Ele deixa de imprimir até receber um novo token. Esta ação não poderá ser desfeita.`,
  agentsEmpty: 'Nenhum agente de impressão conectado.',
  agentUnauthorized: 'Token do agente de impressão inválido ou revogado.',
  jobNotFound: 'Trabalho de impressão não encontrado ou já respondido por outro agente.',
  /** Accepting with print-on-accept and no way to print: the tablet says so. */
  notPrinted: (codigo: string) => `Pedido #${codigo} aceito, mas a comanda não foi impressa: nenhuma impressora configurada. Cadastre uma em Cadastros › Impressoras.`,
  noRoute: (stations: string) => `Nenhuma impressora configurada para: ${stations}. Cadastre-a em Cadastros › Impressoras.`,
  queued: (printers: string) => `Pedido enviado para impressora: ${printers}`,
  /** The tablet's USB printer (Web Serial, ours). */
  usbTitle: 'Impressora USB deste tablet',
  usbUnsupported: 'Este navegador não acessa impressoras USB (Web Serial). Use o Chrome ou o Edge, ou imprima pela rede com o agente de impressão.',
  usbConnect: 'Conectar impressora USB',
  usbConnected: 'Impressora USB conectada neste tablet.',
  usbNone: 'Nenhuma impressora USB conectada neste tablet.',
  usbDisconnect: 'Desconectar',
  usbTest: 'Imprimir teste',
  usbTestText: 'Teste de impressão do Balcão: a impressora USB deste tablet está pronta.',
  usbNotConnected: (printers: string) => `A comanda de ${printers} sai na impressora USB de um tablet do painel, e nenhuma está conectada neste. Conecte-a no Menu do painel › Impressora USB, ou use Enviar novamente no tablet que a tem.`,
  usbWriteFailed: (printers: string) => `A impressora USB (${printers}) não recebeu a comanda. Verifique o cabo e se ela está ligada, e use Enviar novamente.`,
  usbPickCancelled: 'Nenhuma impressora escolhida.',
} as const;

const PRIVATE_V4 = [
  [10, 0, 8],
  [172, 16, 12],
  [192, 168, 16],
  [169, 254, 16],
  [127, 0, 8],
] as const;

/**
 * A printer address on the venue's own network: a private or loopback IPv4 address, or a local
 * host name (one label, or ending in .local, .lan or .home.arpa). The agent connects only there,
 * so a token cannot turn it into a way to reach the internet.
 */
export function isLocalPrinterHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (m) {
    const parts = m.slice(1).map(Number);
    if (parts.some((p) => p > 255)) return false;
    const n = ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
    return PRIVATE_V4.some(([a, b, bits]) => {
      const base = ((a << 24) | (b << 16)) >>> 0;
      const mask = bits === 8 ? 0xff000000 : bits === 12 ? 0xfff00000 : 0xffff0000;
      return ((n & mask) >>> 0) === base;
    });
  }
  if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(h)) return false;
  return !h.includes('.') || /\.(local|lan|home\.arpa)$/.test(h);
}

/** A table's name as printed: "Mesa 7" for "7" and for "Mesa 7" alike (never "Mesa Mesa 7"). */
export function tableLabel(mesa: string): string {
  const t = mesa.trim();
  return /^mesa\b/i.test(t) ? t : `Mesa ${t}`;
}
