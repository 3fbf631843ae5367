/** POST api/importacaoUsuarios (spec 001 §2.9, §5, §7): multipart LocalId + file (.csv or .xlsx), 201 with the per-row result. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CASHLESS_ROLES, IMPORT_MAX_BYTES, isImportFileName, isXlsxFileName } from '../../../shared/cashless';
import { errorBody } from '../../../shared/contract/common';
import { CASHLESS_PATHS, importAnswer } from '../../../shared/contract/cashless';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { receiveTextUpload } from './uploads';
import { importUsers } from './user-import';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody };

export function importRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files } = opts;
  app.post(`/${CASHLESS_PATHS.import}`, { schema: { response: { 201: importAnswer, ...errors } } }, async (req, reply) => {
    const up = await receiveTextUpload(req, {
      db,
      files,
      role: CASHLESS_ROLES.import,
      folder: 'imports',
      ext: 'csv',
      maxBytes: IMPORT_MAX_BYTES,
      nameOk: isImportFileName,
      workbook: isXlsxFileName,
    });
    const answer = await importUsers(db, files, up.venueId, up.key, up.workbook ? 'xlsx' : 'csv');
    return reply.status(201).send(answer);
  });
}
