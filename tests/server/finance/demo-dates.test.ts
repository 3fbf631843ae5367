import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../setup/server';
import { one } from './helpers';

const t = useTestApp();

describe('demo data of the admin screens', () => {
  it('has no proposal approved in the future nor approved before it was requested', async () => {
    const r = await one<{ future: number; before: number; approved: number }>(
      t,
      `select count(*) filter (where approved_at > now())::int as future,
              count(*) filter (where approved_at < accreditation_date)::int as before,
              count(approved_at)::int as approved
       from acc_proposals`,
    );
    expect(r.approved).toBeGreaterThan(0);
    expect(r.future).toBe(0);
    expect(r.before).toBe(0);
  });
});
