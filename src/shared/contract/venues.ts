/**
 * Creating a place (issue 24): `POST api/Local/Cadastrar` (ours, in the style of api/Local/*). The
 * creator becomes its manager (profile Gerente: every venue role). 400 names each bad field in pt-BR.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { requiredText, trimmedMax } from './common';
import { isValidCnpj, normalizeCnpj } from '../documents';
import { LOCATION_TYPES } from '../enums';
import { STAFF_MSG, UFS } from '../staff';

export const VENUE_PATHS = {
  create: 'api/Local/Cadastrar',
} as const;

const optionalText = (max: number) => z.optional(trimmedMax(max));

export const createPlaceRequest = z.object({
  nome: requiredText(120, STAFF_MSG.placeNameRequired),
  /** Location type 1-24 (spec 000 §3). */
  tipo: z.number({ error: STAFF_MSG.placeTypeRequired }).check(z.int(STAFF_MSG.placeTypeRequired), z.minimum(1, STAFF_MSG.placeTypeRequired), z.maximum(LOCATION_TYPES.length, STAFF_MSG.placeTypeRequired)),
  /** Numeric or alphanumeric CNPJ, masked or not; stored normalised (upper case, no mask). */
  cnpj: z.pipe(
    z.pipe(z.string({ error: STAFF_MSG.cnpjInvalid }).check(z.maxLength(30, STAFF_MSG.cnpjInvalid)), z.transform((s: string) => normalizeCnpj(s))),
    z.string().check(z.refine(isValidCnpj, STAFF_MSG.cnpjInvalid)),
  ),
  cep: z.pipe(
    z.pipe(z.string({ error: STAFF_MSG.cepInvalid }).check(z.maxLength(20, STAFF_MSG.cepInvalid)), z.transform((s: string) => s.replace(/\D/g, ''))),
    z.string().check(z.length(8, STAFF_MSG.cepInvalid)),
  ),
  endereco: requiredText(200, STAFF_MSG.streetRequired),
  numero: requiredText(20, STAFF_MSG.numberRequired),
  complemento: optionalText(100),
  bairro: requiredText(100, STAFF_MSG.districtRequired),
  cidade: requiredText(100, STAFF_MSG.cityRequired),
  uf: z.pipe(z.string({ error: STAFF_MSG.ufInvalid }).check(z.trim(), z.toUpperCase()), z.enum(UFS, STAFF_MSG.ufInvalid)),
});
export type CreatePlaceRequest = z.input<typeof createPlaceRequest>;

export const createPlaceResponse = z.object({ id: z.string() });
