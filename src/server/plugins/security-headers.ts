/**
 * Security headers (@fastify/helmet) on every answer. The CSP allows exactly what the PWA uses:
 * its own scripts and service worker, inline styles (Mantine writes style attributes and tags),
 * images from itself, data: and blob: (previews of chosen photos, generated QR codes) and https
 * (marketplace logos), the legacy portal in a frame; it may be framed only by itself and the
 * FRAME_ALLOWED_ORIGINS. No referrer leaves the app (the reset link carries its token in the URL).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  frameAllowedOrigins: string[];
  legacyPortalUrl?: string;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(opts: SecurityHeadersOptions): Record<string, string[]> {
  const legacy = originOf(opts.legacyPortalUrl);
  const ancestors = opts.frameAllowedOrigins.map(originOf).filter((o): o is string => Boolean(o));
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // The board posts print jobs to the venue's own print server (`{EnderecoServidorLocal}/api/printer`),
    // an address each venue configures on its network: it cannot be listed here.
    'connect-src': ["'self'", 'http:', 'https:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': legacy ? ["'self'", legacy] : ["'self'"],
    'frame-ancestors': ["'self'", ...ancestors],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
    // frame-ancestors above decides who may frame the portal; X-Frame-Options cannot list origins.
    frameguard: false,
    referrerPolicy: { policy: 'no-referrer' },
    // The portal may be opened in a popup by a company's older portal that posts its session.
    crossOriginOpenerPolicy: false,
    // Images may be shown by the storefront on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
});
