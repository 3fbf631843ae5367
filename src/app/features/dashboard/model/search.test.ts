import { describe, expect, it } from 'vitest';
import { filterOf, parseDashboardSearch } from './search';

describe('dashboard URL filters', () => {
  it('keeps a valid period and the flags that are on', () => {
    expect(parseDashboardSearch({ InitialPeriod: '01/03/2025', FinalPeriod: '07/03/2025', IsNew: 'true', IsOld: false, IsInDeliveryChannel: true, x: 1 })).toEqual({
      InitialPeriod: '01/03/2025', FinalPeriod: '07/03/2025', IsNew: true, IsInDeliveryChannel: true,
    });
  });

  it('drops a bad or reversed period, which then means the default last 7 days', () => {
    expect(parseDashboardSearch({ InitialPeriod: '31/02/2025', FinalPeriod: '07/03/2025' })).toEqual({});
    expect(parseDashboardSearch({ InitialPeriod: '08/03/2025', FinalPeriod: '07/03/2025' })).toEqual({});
    expect(filterOf({}, new Date('2025-03-10T15:00:00Z'))).toEqual({ InitialPeriod: '03/03/2025', FinalPeriod: '09/03/2025' });
    expect(filterOf({ IsOld: true }, new Date('2025-03-10T15:00:00Z'))).toEqual({ InitialPeriod: '03/03/2025', FinalPeriod: '09/03/2025', IsOld: true });
  });
});
