/**
 * Devices paired by code (issue 24): a kitchen tablet or a waiter's phone signs in with an 8-character
 * code the manager generates on Operadores ("Adicionar dispositivo"), valid 10 minutes, once, also
 * shown as a QR that opens /login?dispositivo={code}. The pairing answers like the sign-in, for that
 * place and profile only; the session lasts until `DELETE api/Dispositivo/{id}` ends it.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { DEVICE_CODE_LENGTH, normalizeDeviceCode, STAFF_MSG } from '../staff';

export const DEVICE_PATHS = {
  create: 'api/Dispositivo',
  pair: 'api/Dispositivo/Parear',
  revoke: (id: string) => `api/Dispositivo/${encodeURIComponent(id)}`,
} as const;

export const createDeviceRequest = z.object({
  localId: z.string().check(z.maxLength(64)),
  nome: z.pipe(
    z.string({ error: STAFF_MSG.deviceNameRequired }).check(z.trim()),
    z.string().check(z.minLength(1, STAFF_MSG.deviceNameRequired), z.maxLength(60, STAFF_MSG.deviceNameRequired)),
  ),
  perfil: z.pipe(z.string({ error: STAFF_MSG.profileInvalid }).check(z.trim()), z.string().check(z.minLength(1, STAFF_MSG.profileInvalid), z.maxLength(60, STAFF_MSG.profileInvalid))),
});
export type CreateDeviceRequest = z.input<typeof createDeviceRequest>;
export const createDeviceResponse = z.object({ id: z.string(), codigo: z.string(), expiraEm: z.string() });
export type CreateDeviceResponse = z.infer<typeof createDeviceResponse>;

export const pairRequest = z.object({
  codigo: z.pipe(
    z.pipe(z.string({ error: STAFF_MSG.deviceCodeFormat }).check(z.maxLength(20, STAFF_MSG.deviceCodeFormat)), z.transform((s: string) => normalizeDeviceCode(s))),
    z.string().check(z.regex(new RegExp(`^[A-Z0-9]{${DEVICE_CODE_LENGTH}}$`), STAFF_MSG.deviceCodeFormat)),
  ),
});
export type PairRequest = z.input<typeof pairRequest>;
