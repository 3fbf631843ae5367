/**
 * fast-check arbitraries derived from the shared zod schemas (zod-fast-check does not support
 * zod 4): the walker follows objects, arrays, unions, enums and wrappers and gives every leaf a mix
 * of plausible values (a real venue id, so requests get past the venue check into the handlers)
 * and hostile ones (control characters, huge and out-of-range numbers, traversal, wrong types).
 */
import fc from 'fast-check';
import { isWrapper, zodDef as defOf } from '../../src/server/lib/zod-def';

export interface FuzzContext {
  /** Ids a handler may find: the user's venues, a product... */
  ids: string[];
}

/** Text no handler should choke on. */
export const hostileText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f\u0085',
  '\ud800',
  '😀'.repeat(3),
  'x'.repeat(5000),
  '../../etc/passwd',
  '/api/imagens/../../etc/passwd',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '%00',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-13-45T99:99:99Z',
  '1970-01-01',
  '275760-09-13T00:00:00.001Z',
  '25:61',
  'data:image/png;base64,AAAA',
  'http://169.254.169.254/latest/meta-data',
);

export const hostileNumber = fc.constantFrom(-1, 0, -0, 0.5, -2147483649, 2147483647, 2147483648, 2 ** 53, -(2 ** 53), 1e308, -1e308, 1e-300, 123456789.123456);

export const anyJson = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { '\u0000': 1 }, { __proto__: { x: 1 } }, { constructor: { prototype: 1 } }),
  fc.jsonValue({ maxDepth: 3 }),
);

function idText(ctx: FuzzContext) {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ctx.ids) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileText });
}

/** An arbitrary for values of a schema: mostly plausible, sometimes hostile. */
export function arbitraryFor(schema: unknown, ctx: FuzzContext, key = '', depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const hostile = fc.oneof(hostileText, hostileNumber, anyJson);
  if (!def || depth > 6) return hostile;
  const mix = (plausible: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: hostile });
  if (isWrapper(def)) return fc.oneof(fc.constant(undefined), fc.constant(null), arbitraryFor(def.innerType, ctx, key, depth + 1));
  switch (def.type) {
    case 'string':
      return mix(/id$/i.test(key) ? idText(ctx) : fc.oneof(fc.string({ maxLength: 30 }), hostileText, fc.constantFrom(...ctx.ids)));
    case 'number':
    case 'int':
    case 'bigint':
      return mix(fc.oneof(fc.integer({ min: -5, max: 100 }), hostileNumber, fc.double({ noNaN: true })));
    case 'boolean':
      return mix(fc.boolean());
    case 'literal':
      return mix(fc.constantFrom(...((def.values as unknown[]) ?? [null])));
    case 'enum':
      return mix(fc.constantFrom(...Object.values((def.entries as Record<string, unknown>) ?? { a: 'a' })));
    case 'object': {
      const shape = (def.shape as Record<string, unknown>) ?? {};
      const keys = Object.keys(shape);
      if (!keys.length) return mix(fc.constant({}));
      const rec = fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryFor(shape[k], ctx, k, depth + 1)])), { requiredKeys: [] });
      return mix(rec);
    }
    case 'array':
      return mix(fc.array(arbitraryFor(def.element, ctx, key, depth + 1), { maxLength: 3 }));
    case 'record':
      return mix(fc.dictionary(fc.string({ maxLength: 8 }), arbitraryFor(def.valueType, ctx, key, depth + 1), { maxKeys: 3 }));
    case 'tuple':
      return mix(fc.tuple(...((def.items as unknown[]) ?? []).map((i) => arbitraryFor(i, ctx, key, depth + 1))));
    case 'union':
      return fc.oneof(...((def.options as unknown[]) ?? []).map((o) => arbitraryFor(o, ctx, key, depth + 1)));
    case 'intersection':
      return fc.oneof(arbitraryFor(def.left, ctx, key, depth + 1), arbitraryFor(def.right, ctx, key, depth + 1));
    case 'pipe':
      return arbitraryFor(def.in, ctx, key, depth + 1);
    case 'lazy':
      return hostile;
    default:
      return hostile;
  }
}

/** A query string: values are text (arrays repeat the key), names sometimes in another case. */
export function queryFor(schema: unknown, ctx: FuzzContext): fc.Arbitrary<string> {
  const def = defOf(schema);
  const shape = def?.type === 'object' ? ((def.shape as Record<string, unknown>) ?? {}) : {};
  const keys = [...Object.keys(shape), 'extra'];
  const value = fc.oneof(idText(ctx), hostileText, fc.integer({ min: -10, max: 1000 }).map(String), fc.constantFrom('true', 'false', ''));
  const name = (k: string) => fc.constantFrom(k, k.toUpperCase(), k.toLowerCase());
  return fc
    .array(fc.tuple(fc.constantFrom(...keys).chain(name), value), { maxLength: keys.length + 1 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
}

/** Path parameters: a known id, another UUID or hostile text, URL-encoded. */
export function paramFor(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(idText(ctx), fc.string({ minLength: 1, maxLength: 20 })).map((v) => encodeURIComponent(v || 'x'));
}

/** A request body: derived from the schema, or raw garbage with a JSON or another content type. */
export function bodyFor(schema: unknown, ctx: FuzzContext): fc.Arbitrary<{ payload: string; contentType: string } | undefined> {
  const json = (schema ? arbitraryFor(schema, ctx) : anyJson).map((v) => ({ payload: JSON.stringify(v ?? null), contentType: 'application/json' }));
  return fc.oneof(
    { weight: 8, arbitrary: json },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '[1,2', '\u0000', '{"__proto__":{"x":1}}', 'x'.repeat(100)).map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, { payload: 'a=1', contentType: 'text/plain' }, { payload: '<x/>', contentType: 'application/xml' }) },
  );
}
