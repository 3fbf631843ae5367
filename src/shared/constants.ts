export const APP_VERSION = '2.4.0';

/** Second factor (spec 000 §9 and issue 2). */
export const MFA_CODE_LENGTH = 6;
export const MFA_CODE_TTL_SECONDS = 600;
export const MFA_MAX_ATTEMPTS = 5;
export const MFA_RESEND_SECONDS = 60;

/** Session tokens and one-time links. */
export const SESSION_TTL_HOURS = 12;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const SHARE_TOKEN_TTL_SECONDS = 120;

/** Sign-in rate limits: attempts per window, per user and per client address. */
export const LOGIN_LIMIT_PER_USER = 10;
export const LOGIN_LIMIT_PER_ADDRESS = 30;
export const LOGIN_LIMIT_WINDOW_SECONDS = 900;

/** Registration limits (spec 000 §9). */
export const NAME_MAX = 250;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;
export const PASSWORD_SPECIALS = '@!#$%?&';
/** Words a password must not contain, case-insensitive: the product's names, "senha", "password". */
export const PASSWORD_FORBIDDEN_WORDS = ['balcao', 'balcão', 'meep', 'senha', 'password'];

/**
 * E-mail domain choices on the registration form. "{host}.br" of the spec is our own company
 * domain; "outros" lets the person type the whole address.
 */
export const EMAIL_DOMAINS = [
  { value: 'gmail.com', label: '@gmail.com' },
  { value: 'outlook.com', label: '@outlook.com' },
  { value: 'hotmail.com', label: '@hotmail.com' },
  { value: 'yahoo.com', label: '@yahoo.com' },
  { value: 'balcao.com.br', label: '@balcao.com.br' },
  { value: 'outros', label: 'outros' },
] as const;

/** Sidebar breakpoints (spec 000 §9). */
export const SIDEBAR_AUTO_CLOSE_PX = 900;
export const SIDEBAR_START_CLOSED_PX = 470;

/**
 * Toast (snackbar) auto-close, one duration for every toast: spec 000 §9 "Snackbars hide after 6000 ms".
 * Spec 001 §9 gives the shell's toast 3000 ms; one duration across the app is the house rule, and the
 * longer one leaves time to read a server message (docs/decisions/ux.md, "Toasts").
 */
export const TOAST_MS = 6000;

/** The default request timeout (spec 000 §9). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The header on which our server says which contract checked an answer (src/server/contract-fingerprint.ts). */
export const CONTRACT_FINGERPRINT_HEADER = 'x-contract-fingerprint';

/** Placeholder id for "no store" (spec 001 §7). */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

/** Public routes (spec 001 §2.16): reachable without a session. */
export const PUBLIC_PATHS = ['/login', '/esqueciMinhaSenha', '/cadastrar', '/redefinirSenha', '/aceitarConvite', '/statusPedido', '/print', '/doacoes/eventos/qrcode', '/externalauthentication', '/paymentlink'];
