/**
 * The signed-in user's profile (GET api/account/userinfo, and the sign-in answer's base): every
 * signed-in page's shell checks it, so it is kept apart from the sign-in forms' rules (auth.ts
 * re-exports it).
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { int32 } from './common';

/** Every integer fits its int4 column (common.ts). */
const int = int32;

export const place = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: int(),
  origemPropostaCliente: int(),
});
export type Place = z.infer<typeof place>;

export const userInfo = z.object({
  usuarioMeep: z.object({ usuarioId: z.string(), nome: z.string(), email: z.string() }),
  locais: z.array(place),
  /** desktopApp: open the order board after sign-in; portalLegado: stays on this portal when a beta portal exists. */
  configuracaoUsuarioMeep: z.object({ desktopApp: z.boolean(), portalLegado: z.boolean() }),
  /** Semicolon-separated roles held everywhere (the place's roles come from the place call). */
  roles: z.string(),
  isAdmin: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;
