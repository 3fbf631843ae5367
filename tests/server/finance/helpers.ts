import type { TestContext } from '../../setup/server';

/** JSON call helper: method, url, token, body, extra headers. */
export function caller(t: TestContext) {
  return async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...t.auth(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function auditCount(t: TestContext, action?: string): Promise<number> {
  const r = await t.db.db.execute(action ? `select count(*)::int as n from finance_audit_log where action = '${action}'` : 'select count(*)::int as n from finance_audit_log');
  return (r as unknown as { rows: Array<{ n: number }> }).rows[0].n;
}

export async function one<T>(t: TestContext, query: string): Promise<T> {
  const r = await t.db.db.execute(query);
  return (r as unknown as { rows: T[] }).rows[0];
}
