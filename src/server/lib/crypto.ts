import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;
/**
 * scrypt's cost for passwords. Only under the test runner (Vitest sets VITEST in its workers; no
 * server, CLI or build ever has it) the cost is 1024 instead of 16384: the API tests sign in
 * thousands of times and each hash at full cost is ~60 ms of CPU. The format records the cost, so
 * verifyPassword reads it back either way; the production cost is unchanged.
 */
const N = process.env.VITEST ? 1024 : 16384;
const R = 8;
const P = 1;
const KEYLEN = 64;

/** scrypt$N$r$p$salt$hash, all base64url. `cost` is scrypt's N (verifyPassword reads it back). */
export async function hashPassword(password: string, cost = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN, { N: cost, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A 4-digit cashless password. It has only 10,000 values, so no hash cost makes an offline guess
 * slow (even N=16384 tries them all in minutes): the protection is that hashes never leave the
 * server and that each has its own salt. The minimum scrypt cost lets a 50,000-user import hash
 * in a couple of seconds.
 */
export const hashPin = (pin: string) => hashPassword(pin, 16);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/** A random opaque token for bearer sessions and one-time links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I: easy to read from an e-mail
/** A second-factor code of the given length, upper-case letters and digits. */
export function newCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** A password hash to compare against when the user does not exist, so timing does not tell. */
export const DUMMY_HASH = `scrypt$${N}$8$1$AAAAAAAAAAAAAAAAAAAAAA$` + Buffer.alloc(64).toString('base64url');

/** A random id with a readable prefix ("lnk_3f9a…"): 9 random bytes in hex. */
export const prefixedId = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
