/**
 * The pré-conta (issue 41): `POST api/Mesa/{mesa}/Conta/PreConta` prints the table's open bill on
 * the venue's printer through the kitchen tickets' path (src/server/modules/printers): a network
 * printer gets a durable job for the venue's print agent, queued and NOTIFYed like an order's
 * ticket; a printer on the venue's local print server (or none registered while the venue has a
 * print server address) comes back as the spec's print job for the phone to POST from the venue's
 * network, as the board tablet does, since the server never calls addresses users typed.
 * Role Garcom in the venue; another venue or its table answers 404, like the bill.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import type { PrintJob } from '../../../shared/contract/orders';
import { billParams, preBillAnswer, preBillRequest, type PreBillAnswer, type PreBillRequest, type TableBill } from '../../../shared/contract/table-bill';
import { PRINT_MODE } from '../../../shared/orders';
import { columnsOf, DEFAULT_PRINTER_PORT, PRINTER_CONNECTION, tableLabel, type CodePage } from '../../../shared/printers';
import { BILL_MSG, PRE_BILL_PRINTER_RE, PRE_BILL_STATION } from '../../../shared/table-bill';
import { encodePreBill, preBillFocusLabel, type PreBillFocus } from '../../../shared/table-bill-ticket';
import { ITEM_SPLIT_MSG } from '../../../shared/table-bill-split';
import { BILL_MGR_MSG } from '../../../shared/table-bill-manager';
import type { Db } from '../../db/client';
import { printJobs } from '../../db/schema/printers';
import { venues } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
import { loadSettings } from '../orders/orders.repository';
import { listPrinters, PRINT_JOBS_CHANNEL } from '../printers/printers.repository';
import { billDto, type PixInfo, waiterTable } from './table-bill.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

type PrinterRow = Awaited<ReturnType<typeof listPrinters>>[number];

/** The printer a pré-conta goes to: the one named, else the cashier's, else the first by name. */
export function preBillPrinter(all: PrinterRow[], id: string | null | undefined): PrinterRow | null {
  if (id) return all.find((p) => p.id === id.toLowerCase()) ?? null;
  return all.find((p) => PRE_BILL_PRINTER_RE.test(p.name)) ?? all[0] ?? null;
}

/** The spec's print job for the local print server, carrying the pré-conta as ESC/POS. */
function localJob(bill: TableBill, printer: string, businessName: string, responsable: string, bytes: Uint8Array, copy = false, focusLabel: string | null = null): PrintJob {
  return {
    id: randomUUID(),
    printer,
    submittedAt: new Date().toISOString(),
    type: PRINT_MODE.orderSummary,
    body: {
      id: bill.Id ?? bill.MesaId,
      businessName,
      date: bill.Data,
      pointOfSale: tableLabel(bill.Mesa),
      responsable,
      details: bill.Itens.map((i) => ({
        productName: i.Nome,
        quantity: i.Quantidade,
        value: i.ValorUnitario,
        notes: i.Observacoes.map((n) => [n.Descricao, ...n.Opcoes].filter(Boolean).join(': ')).join('; '),
      })),
      pedidoPOSId: bill.Id ?? bill.MesaId,
      tag: `${bill.Aberta ? 'Pré-conta' : 'Conta'} ${tableLabel(bill.Mesa)}${copy ? ' (2ª via)' : ''}${focusLabel ? ` · ${focusLabel}` : ''}`,
      imageBase64: null,
      escPosBase64: Buffer.from(bytes).toString('base64'),
    },
  };
}

/**
 * Prints a bill (the open bill's pré-conta, or a closed bill's snapshot when the manager reprints
 * it) through the kitchen tickets' path: a network printer gets the agent's durable job; a printer
 * on the local print server comes back as the spec's print job for the device to POST.
 */
export async function printBill(
  db: Db,
  o: { venueId: string; userName: string; bill: TableBill; parts: number; printerId: string | null; copy?: boolean; focus?: PreBillFocus | null },
): Promise<PreBillAnswer> {
  const { venueId, bill } = o;
  const all = await listPrinters(db, venueId);
  const wanted = o.printerId;
  const printer = preBillPrinter(all, wanted);
  if (wanted && !printer) throw new HttpError(404, BILL_MSG.preBillPrinterNotFound);
  const settings = await loadSettings(db, venueId);
  const host = settings?.printServerUrl ?? null;
  const network = printer?.connection === PRINTER_CONNECTION.network && !!printer.host;
  if (!network && !host) throw new HttpError(409, BILL_MSG.preBillNoPrinter);

  const [venue] = await db.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId));
  const format = {
    paperWidth: printer?.paperWidth === 58 ? (58 as const) : (80 as const),
    columns: columnsOf(printer?.paperWidth ?? 80, printer?.columns),
    codePage: (printer?.codePage === 'cp850' ? 'cp850' : 'cp860') as CodePage,
  };
  const bytes = encodePreBill({ bill, parts: o.parts, copy: o.copy, focus: o.focus, businessName: venue?.name ?? '', ...format });
  const focusLabel = o.focus ? preBillFocusLabel(bill, o.parts, o.focus) : null;
  const name = printer?.name ?? PRE_BILL_STATION;
  const message = o.copy ? BILL_MGR_MSG.reprintSent(name) : focusLabel ? BILL_MSG.preBillPartSent(focusLabel, name) : BILL_MSG.preBillSent(name);

  if (network) {
    // The agent's durable job, as an order's ticket (no order: the printers page lists it without a code).
    await db.transaction(async (tx) => {
      await tx.insert(printJobs).values({ venueId, orderId: null, printerId: printer.id, printerName: printer.name, host: printer.host!, port: printer.port ?? DEFAULT_PRINTER_PORT, data: Buffer.from(bytes).toString('base64') });
      await tx.execute(sql`select pg_notify(${PRINT_JOBS_CHANNEL}, ${venueId})`);
    });
    return { Message: message, Impressora: name, EnderecoServidorLocal: null, Trabalho: null };
  }
  return { Message: message, Impressora: name, EnderecoServidorLocal: host, Trabalho: localJob(bill, name, venue?.name ?? '', o.userName, bytes, o.copy, focusLabel) };
}

/**
 * One person's pré-conta (branch billend): a share of the equal split the phone shows (the split is
 * not stored; the schema bounds it), or a person of the stored split by items. The bill's split mode
 * decides which one may be asked: 409 with the payments' messages when the phone's bill is stale.
 */
function preBillFocusOf(bill: TableBill, body: PreBillRequest): PreBillFocus | null {
  if (body.Pessoa != null) {
    if (!bill.DivisaoPorItens) throw new HttpError(409, ITEM_SPLIT_MSG.modeNotItems);
    if (!bill.DivisaoPorItens.Pessoas.some((p) => p.Indice === body.Pessoa)) throw new HttpError(409, ITEM_SPLIT_MSG.personNotFound);
    return { kind: 'person', index: body.Pessoa };
  }
  if (body.Parte != null) {
    if (bill.DivisaoPorItens) throw new HttpError(409, ITEM_SPLIT_MSG.modeItems);
    return { kind: 'share', index: body.Parte };
  }
  return null;
}

export function tableBillPrintRoutes(fastify: FastifyInstance, opts: { db: Db; pix: PixInfo }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post('/api/Mesa/:mesa/Conta/PreConta', { schema: { params: billParams, body: preBillRequest, response: { 200: preBillAnswer, ...errors } } }, async (req): Promise<PreBillAnswer> => {
    const user = requireUser(req);
    const table = await waiterTable(db, req, req.body.localId, req.params.mesa);
    const bill = await billDto(db, table, opts.pix);
    if (!bill.Itens.length) throw new HttpError(409, BILL_MSG.preBillEmpty);
    return printBill(db, { venueId: table.venueId, userName: user.name ?? '', bill, parts: req.body.Partes ?? 1, printerId: req.body.ImpressoraId ?? null, focus: preBillFocusOf(bill, req.body) });
  });
}
