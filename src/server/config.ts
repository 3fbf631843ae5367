/** Server configuration from the environment (every variable is documented in the README). */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  mailOutboxDir: string;
  smtpUrl?: string;
  /** Base address of the portal for links in e-mails; defaults to http://localhost:PORT. */
  publicUrl: string;
  legacyPortalUrl?: string;
  betaPortalUrl?: string;
  frameAllowedOrigins: string[];
  /**
   * Which peers may set X-Forwarded-For/-Proto: false (default, none), a hop count, or addresses
   * and CIDR ranges ("10.0.0.1,10.0.0.0/8", also "loopback", "uniquelocal").
   */
  trustProxy: false | number | string;
  /** Directory with the built PWA; the API alone runs without it. */
  staticDir?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    mailOutboxDir: path.resolve(env.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'mail')),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    legacyPortalUrl: env.LEGACY_PORTAL_URL || undefined,
    betaPortalUrl: env.BETA_PORTAL_URL || undefined,
    frameAllowedOrigins: (env.FRAME_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : path.resolve('dist/app'),
  };
}

/** TRUST_PROXY: empty/"false"/"none" → trust no proxy; a number → that many hops; else a list. */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const v = (value ?? '').trim();
  if (!v || /^(false|none|0)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (/^true$/i.test(v)) throw new Error('TRUST_PROXY=true confiaria em qualquer cliente: informe os endereços dos proxies ou o número de saltos.');
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}
