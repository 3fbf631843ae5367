/**
 * Huge values against each route's own zod schemas (issue 28: "a 1 MB product description, a 1e308
 * fee, a 2^63 number in scheduling reach the database"): every string and number leaf a request
 * schema declares gets, alone, a 1 MB string or an out-of-range number, and the schema itself must
 * refuse it with an issue at that leaf's path (so the answer is a pt-BR 400 from validation, before
 * any handler or database).
 */
import { isWrapper, zodDef as defOf } from '../../src/server/lib/zod-def';

export const HUGE_STRING = 'x'.repeat(1024 * 1024);
export const HUGE_NUMBERS = [1e308, -1e308, 2 ** 63, -(2 ** 63)];

export interface Leaf {
  path: Array<string | number>;
  kind: 'string' | 'number';
}

/** The string and number leaves of a schema, through objects, arrays, wrappers and pipes (input side). */
export function leavesOf(schema: unknown, path: Array<string | number> = [], depth = 0, out: Leaf[] = []): Leaf[] {
  const def = defOf(schema);
  if (!def || depth > 8) return out;
  if (isWrapper(def)) return leavesOf(def.innerType, path, depth + 1, out);
  switch (def.type) {
    case 'string':
      out.push({ path, kind: 'string' });
      break;
    case 'number':
    case 'int':
    case 'bigint':
      out.push({ path, kind: 'number' });
      break;
    case 'object':
      for (const [k, v] of Object.entries((def.shape as Record<string, unknown>) ?? {})) leavesOf(v, [...path, k], depth + 1, out);
      break;
    case 'array':
      leavesOf(def.element, [...path, 0], depth + 1, out);
      break;
    case 'pipe':
      leavesOf(def.in, path, depth + 1, out);
      break;
    default:
      break;
  }
  return out;
}

function setAt(path: Array<string | number>, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [setAt(rest, value)] : { [head]: setAt(rest, value) };
}

const samePath = (a: PropertyKey[], b: Array<string | number>) => a.length === b.length && a.every((k, i) => String(k) === String(b[i]));

interface Parseable {
  '~standard': { validate(v: unknown): { issues?: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }> } | Promise<{ issues?: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }> }> };
}

/** Whether a string schema declares a maximum length itself (an image field may take several MB). */
function declaresMaxLength(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (!def || depth > 8) return false;
  const checks = (def.checks as Array<{ _zod?: { def?: { check?: string } } }> | undefined) ?? [];
  if (checks.some((c) => ['max_length', 'length_equals'].includes(c._zod?.def?.check ?? ''))) return true;
  if (def.type === 'pipe') return declaresMaxLength(def.in, depth + 1) || declaresMaxLength(def.out, depth + 1);
  if (def.innerType) return declaresMaxLength(def.innerType, depth + 1);
  return false;
}

function leafSchema(schema: unknown, path: Array<string | number>): unknown {
  let cur = schema;
  for (const key of path) {
    let def = defOf(cur);
    while (def && (def.innerType || def.type === 'pipe')) {
      cur = def.type === 'pipe' ? def.in : def.innerType;
      def = defOf(cur);
    }
    cur = typeof key === 'number' ? def?.element : (def?.shape as Record<string, unknown> | undefined)?.[key];
  }
  return cur;
}

/** The leaves of a schema that take a huge value without an issue at their path. */
export async function unboundedLeaves(schema: unknown): Promise<string[]> {
  const loose: string[] = [];
  for (const leaf of leavesOf(schema)) {
    const values = leaf.kind === 'string' ? [HUGE_STRING] : HUGE_NUMBERS;
    for (const v of values) {
      const r = await (schema as Parseable)['~standard'].validate(setAt(leaf.path, v));
      const issues = r.issues ?? [];
      const hit = issues.some((i) => samePath((i.path ?? []).map((p) => (typeof p === 'object' && p !== null ? (p as { key: PropertyKey }).key : p)), leaf.path));
      if (!hit && !(leaf.kind === 'string' && declaresMaxLength(leafSchema(schema, leaf.path)))) {
        loose.push(`${leaf.path.join('.') || '(root)'}=${leaf.kind === 'string' ? '1MB' : v}`);
        break;
      }
    }
  }
  return loose;
}
