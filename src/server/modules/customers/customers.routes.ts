/**
 * Customer registry (spec 000 §7 Customers): list with filters, categories, save, block/unlock,
 * alert/disarm and block history. The spec shows no role for the customers screen, so every member
 * of the venue may use it (docs/decisions/customers.md, "Customers and payment links"); every call is scoped to the venue.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { errorBody } from '../../../shared/contract/common';
import { downloadAnswer } from '../../../shared/contract/downloads';
import {
  blockHistory,
  customer as customerAnswer,
  customerCategories as categoriesAnswer,
  customerDetailParams,
  customerDetailQuery,
  customerFlagRequest,
  customerList,
  customerListQuery,
  customerSaveRequest,
  customerSaveResponse,
  historyParams,
  localIdParams,
  messageAnswer,
} from '../../../shared/contract/customers';
import { CUSTOMER_MSG, digits, GENDERS, isoToBrDate, maskPhone, searchKey } from '../../../shared/customers';
import { formatCpfOrCnpj } from '../../../shared/documents';
import type { Db } from '../../db/client';
import { customerAlerts, customerBlocks, customerCategories, customers } from '../../db/schema/customers';
import { HttpError } from '../../lib/http-error';
import type { FileStorage } from '../../lib/file-storage';
import type { Tx } from '../../lib/once';
import { requireUser, requireVenue } from '../../plugins/auth';
import { saveDownload } from '../downloads/downloads';
import { allCustomers, blockHistoryOf, customerByCpf, customerById, listCustomers, openBlock } from './customers.repository';

/** Spec: no role shown for customers; membership of the venue is required. */
export const CUSTOMERS_ROLE = '';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blankToNull = (s: string | null | undefined) => {
  const t = (s ?? '').trim();
  return t ? t : null;
};

/** Cells a spreadsheet would run as a formula (=, +, -, @, tab, CR first), unless the cell is just a number. */
const CSV_FORMULA = /^(?![-+]?\d+(?:,\d+)?$)[=+\-@\t\r]/;
/** Money for a pt-BR spreadsheet: 1234.5 → "1234,50". */
const csvMoney = (v: number | null | undefined) => (v ?? 0).toFixed(2).replace('.', ',');

export function customerRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files } = opts;

  app.get('/api/ClienteEstabelecimento/BuscarClientesDoLocal', { schema: { querystring: customerListQuery, response: { 200: customerList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId, CUSTOMERS_ROLE);
    return listCustomers(db, venueId, req.query, Math.max(1, req.query.page ?? 1));
  });

  // Ours: one customer with the whole CPF (lists hide it), for the edit form and for the calls the
  // spec keys by CPF (block, alert, history). No-store: personal data is not kept by caches.
  app.get('/api/ClienteEstabelecimento/BuscarClientePorId/:id', { schema: { params: customerDetailParams, querystring: customerDetailQuery, response: { 200: customerAnswer, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId, CUSTOMERS_ROLE);
    const c = UUID_RE.test(req.params.id) ? await customerById(db, venueId, req.params.id) : null;
    if (!c) throw new HttpError(404, CUSTOMER_MSG.notFound);
    reply.header('cache-control', 'no-store');
    return c;
  });

  app.get('/api/ClienteEstabelecimento/ExportarClientesDoLocal', { schema: { querystring: customerListQuery, response: { 200: downloadAnswer, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId, CUSTOMERS_ROLE);
    const rows = await allCustomers(db, venueId, req.query);
    const csv = Papa.unparse(
      {
        fields: ['Nome', 'CPF', 'Identificador', 'Categoria', 'Nome na lista', 'Telefone', 'E-mail', 'Data de nascimento', 'Sexo', 'Bloqueado', 'Alertado', 'Valor em aberto (R$)'],
        data: rows.map((c) => [
          c.nome ?? '',
          // Masked, the CPF and the phone are text to Excel: leading zeros stay (01234567890 is not a number).
          formatCpfOrCnpj(c.CPF ?? ''),
          c.identificador ?? '',
          c.categoria ?? '',
          c.nomeNaLista ?? '',
          maskPhone(c.telefone),
          c.email ?? '',
          isoToBrDate(c.dataNascimento),
          GENDERS.find((g) => g.value === c.sexo)?.label ?? '',
          c.estaBloqueado ? 'Sim' : 'Não',
          c.estaAlertado ? 'Sim' : 'Não',
          // A number Excel in pt-BR sums (decimal comma, no "R$"); the column's name says the currency.
          csvMoney(c.valorEmAberto),
        ]),
      },
      // Semicolons and a BOM: what Excel in pt-BR opens correctly.
      // A cell that would start a formula gets a leading apostrophe (CSV injection), except plain numbers like "-12,50".
      { delimiter: ';', escapeFormulae: CSV_FORMULA },
    );
    return saveDownload(files, venueId, 'customers', 'clientes.csv', 'csv', Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'));
  });

  app.get('/api/ClienteEstabelecimento/buscarCategoriaClientePortal/:localId', { schema: { params: localIdParams, response: { 200: categoriesAnswer, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, CUSTOMERS_ROLE);
    const rows = await db
      .select({ id: customerCategories.id, descricao: customerCategories.description })
      .from(customerCategories)
      .where(eq(customerCategories.venueId, venueId))
      .orderBy(customerCategories.description);
    return { categorias: rows };
  });

  app.post('/api/ClienteEstabelecimento/SalvarClienteEstabelecimento', { schema: { body: customerSaveRequest, response: { 200: customerSaveResponse, ...errors } } }, async (req) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.localClienteId, CUSTOMERS_ROLE);
    const cpf = digits(b.CPF) || null;
    const categoryId = blankToNull(b.categoriaClienteEstabelecimentoId);
    if (categoryId) {
      const [cat] = UUID_RE.test(categoryId)
        ? await db.select({ id: customerCategories.id }).from(customerCategories).where(and(eq(customerCategories.id, categoryId), eq(customerCategories.venueId, venueId)))
        : [];
      if (!cat) throw new HttpError(400, CUSTOMER_MSG.categoryNotFound);
    }
    const id = blankToNull(b.id);
    if (id && !UUID_RE.test(id)) throw new HttpError(404, CUSTOMER_MSG.notFound);
    if (cpf) {
      const [same] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.venueId, venueId), eq(customers.cpf, cpf), ...(id ? [ne(customers.id, id)] : [])));
      if (same) throw new HttpError(409, CUSTOMER_MSG.cpfTaken);
    }
    const nome = blankToNull(b.nome);
    const values = {
      name: nome,
      searchName: searchKey(nome ?? ''),
      birthDate: blankToNull(b.dataNascimento),
      cpf,
      identifier: blankToNull(b.identificador),
      gender: b.sexo ?? null,
      phone: digits(b.telefone) || null,
      email: blankToNull(b.email)?.toLowerCase() ?? null,
      listName: blankToNull(b.nomeNaLista),
      categoryId,
      updatedAt: new Date(),
    };
    if (id) {
      const [current] = await db.select().from(customers).where(and(eq(customers.id, id), eq(customers.venueId, venueId)));
      if (!current) throw new HttpError(404, CUSTOMER_MSG.notFound);
      // A blocked or alerted customer keeps their CPF: the block and the alert are kept by CPF.
      if ((current.blocked || current.alerted) && current.cpf !== cpf) throw new HttpError(409, 'Não é possível alterar o CPF de um cliente bloqueado ou com alerta.');
      await db.update(customers).set(values).where(eq(customers.id, id));
      return { Message: CUSTOMER_MSG.saved, id };
    }
    const [row] = await db.insert(customers).values({ venueId, ...values }).returning({ id: customers.id });
    return { Message: CUSTOMER_MSG.saved, id: row.id };
  });

  app.get('/api/BlockedUser/:localId/:cpf/history', { schema: { params: historyParams, response: { 200: blockHistory, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, CUSTOMERS_ROLE);
    return blockHistoryOf(db, venueId, digits(req.params.cpf));
  });

  /** The customer a flag call names, in a venue the user belongs to. */
  async function target(req: FastifyRequest, body: { CPF: string; localId: string }) {
    const user = requireUser(req);
    const { venueId } = await requireVenue(db, req, body.localId, CUSTOMERS_ROLE);
    const c = await customerByCpf(db, venueId, digits(body.CPF));
    if (!c || !c.cpf) throw new HttpError(404, CUSTOMER_MSG.notFound);
    return { user, venueId, c: { ...c, cpf: c.cpf } };
  }

  type Flagged = Awaited<ReturnType<typeof target>>;
  /**
   * A flag call (block, unlock, alert, disarm) on the customer the body names: 409 with `refusal`
   * when the customer's state refuses it; else, in one transaction, the history row (`record`) and
   * the customer's flag set to `flag`.
   */
  function flagRoute(path: string, refusal: (c: Flagged['c']) => string | null, record: (tx: Tx, t: Flagged, reason: string) => Promise<unknown>, flag: { blocked: boolean } | { alerted: boolean }, done: string) {
    app.post(path, { schema: { body: customerFlagRequest, response: { 200: messageAnswer, ...errors } } }, async (req) => {
      const t = await target(req, req.body);
      const refused = refusal(t.c);
      if (refused) throw new HttpError(409, refused);
      await db.transaction(async (tx) => {
        await record(tx, t, req.body.reason);
        await tx.update(customers).set({ ...flag, updatedAt: new Date() }).where(eq(customers.id, t.c.id));
      });
      return { Message: done };
    });
  }

  flagRoute(
    '/api/BlockedUser/Block',
    (c) => (c.alerted ? CUSTOMER_MSG.blockWhileAlerted : c.blocked ? CUSTOMER_MSG.alreadyBlocked : null),
    (tx, { user, venueId, c }, reason) => tx.insert(customerBlocks).values({ venueId, cpf: c.cpf, blockedBy: user.id, blockedReason: reason }),
    { blocked: true },
    CUSTOMER_MSG.blocked,
  );
  flagRoute(
    '/api/BlockedUser/Unlock',
    (c) => (c.blocked ? null : CUSTOMER_MSG.notBlocked),
    (tx, { user, venueId, c }, reason) => tx.update(customerBlocks).set({ unlockedBy: user.id, unlockedAt: new Date(), unlockReason: reason }).where(openBlock(venueId, c.cpf)),
    { blocked: false },
    CUSTOMER_MSG.unblocked,
  );
  flagRoute(
    '/api/UserAlert',
    (c) => (c.blocked ? CUSTOMER_MSG.alertWhileBlocked : c.alerted ? CUSTOMER_MSG.alreadyAlerted : null),
    (tx, { user, venueId, c }, reason) => tx.insert(customerAlerts).values({ venueId, cpf: c.cpf, createdBy: user.id, reason }),
    { alerted: true },
    CUSTOMER_MSG.alertCreated,
  );
  flagRoute(
    '/api/UserAlert/Disarm',
    (c) => (c.alerted ? null : CUSTOMER_MSG.notAlerted),
    (tx, { user, venueId, c }, reason) =>
      tx
        .update(customerAlerts)
        .set({ disarmedBy: user.id, disarmedAt: new Date(), disarmReason: reason })
        .where(and(eq(customerAlerts.venueId, venueId), eq(customerAlerts.cpf, c.cpf))),
    { alerted: false },
    CUSTOMER_MSG.alertRemoved,
  );
}
