import { describe, expect, it } from 'vitest';
import { labelledIndexes, valueTicks } from '../src/reports/charts/scale';
import { addDays, colones, count, costaRicaDay, dayText, firstOfMonth, isDay, isPeriod, percent, shortDayText } from '../src/reports';
import { nextSort, purchaseTotals, sortPurchases, type PurchaseBlock, type UserPurchasesRow } from '../src/reports/purchases';

const block = (totalPaid: number, totalPurchasesQuantity: number, extra: Partial<PurchaseBlock> = {}): PurchaseBlock => ({
  userFullName: '',
  totalPaid,
  totalPurchasesQuantity,
  goldQuantity: 0,
  goldAmount: 0,
  silverQuantity: 0,
  silverAmount: 0,
  bronzeQuantity: 0,
  bronzeAmount: 0,
  freeQuantity: 0,
  ...extra,
});

const row = (userId: string, fullName: string, ads: [number, number], plans: [number, number]): UserPurchasesRow => ({
  userId,
  user: { id: userId, fullName, email: `${userId}@example.com` },
  opportunities: block(ads[0], ads[1]),
  plans: block(plans[0], plans[1]),
});

describe('reports: amounts and counts as DECISIONS.md writes them', () => {
  it('writes colones with the symbol and thousands separators per language, cents only when present', () => {
    expect(colones(1_250_000, 'es')).toBe('₡1.250.000');
    expect(colones(1_250_000, 'en')).toBe('₡1,250,000');
    expect(colones(9_999.5, 'es')).toBe('₡9.999,50');
    expect(colones(0, 'en')).toBe('₡0');
    expect(count(12_500, 'es')).toBe('12.500');
    expect(count(12_500, 'en')).toBe('12,500');
    expect(percent(1, 4, 'es')).toBe('25 %');
    expect(percent(1, 0, 'en')).toBe('0%');
  });

  it('reads and writes Costa Rica days', () => {
    // 2026-11-23 03:00 UTC is still the 22nd in Costa Rica (UTC−6).
    expect(costaRicaDay(Date.UTC(2026, 10, 23, 3))).toBe('2026-11-22');
    expect(costaRicaDay(Date.UTC(2026, 10, 23, 6))).toBe('2026-11-23');
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('26-02-28')).toBe(false);
    expect(isDay(undefined)).toBe(false);
    expect(isPeriod('2026-11-01', '2026-11-01')).toBe(true);
    expect(isPeriod('2026-11-02', '2026-11-01')).toBe(false);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(firstOfMonth('2026-11-23')).toBe('2026-11-01');
    expect(dayText('2026-11-03')).toBe('03-11-2026');
    expect(shortDayText('2026-11-03')).toBe('03-11');
  });
});

describe('reports: the purchases table', () => {
  const ana = row('u-ana', 'Ana Mora', [10_000, 2], [0, 0]);
  const beto = row('u-beto', 'Beto Solís', [0, 0], [150_000, 1]);
  const carla = row('u-carla', 'Carla Ávila', [5_000, 1], [0, 0]);
  const rows = [ana, beto, carla];

  it('sorts by total paid, by quantity and by name, both ways, ties by name', () => {
    expect(sortPurchases(rows, 'totalPaid', 'desc').map((r) => r.userId)).toEqual(['u-beto', 'u-ana', 'u-carla']);
    expect(sortPurchases(rows, 'totalPaid', 'asc').map((r) => r.userId)).toEqual(['u-carla', 'u-ana', 'u-beto']);
    // Beto and Carla both bought once: the name decides (Beto before Carla).
    expect(sortPurchases(rows, 'quantity', 'desc').map((r) => r.userId)).toEqual(['u-ana', 'u-beto', 'u-carla']);
    expect(sortPurchases(rows, 'user', 'asc').map((r) => r.userId)).toEqual(['u-ana', 'u-beto', 'u-carla']);
    expect(sortPurchases(rows, 'user', 'desc').map((r) => r.userId)).toEqual(['u-carla', 'u-beto', 'u-ana']);
    expect(sortPurchases(rows, 'plans', 'desc')[0]?.userId).toBe('u-beto');
    expect(rows.map((r) => r.userId)).toEqual(['u-ana', 'u-beto', 'u-carla']);
  });

  it('adds up the columns', () => {
    expect(purchaseTotals(rows)).toEqual({ users: 3, ads: 3, adsPaid: 15_000, plans: 1, plansPaid: 150_000, quantity: 4, totalPaid: 165_000 });
    expect(purchaseTotals([])).toMatchObject({ users: 0, totalPaid: 0 });
  });

  it('turns a header click into the next order: the other way on the same column, high first on a new number column', () => {
    expect(nextSort({ key: 'totalPaid', direction: 'desc' }, 'totalPaid')).toEqual({ key: 'totalPaid', direction: 'asc' });
    expect(nextSort({ key: 'totalPaid', direction: 'asc' }, 'quantity')).toEqual({ key: 'quantity', direction: 'desc' });
    expect(nextSort({ key: 'quantity', direction: 'desc' }, 'user')).toEqual({ key: 'user', direction: 'asc' });
  });
});

describe('reports: chart scales', () => {
  it('puts round, whole ticks from 0 to at least the largest value', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(10)).toEqual([0, 5, 10]);
    expect(valueTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (const max of [1, 9, 13, 99, 101, 4567]) {
      const ticks = valueTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every((tick) => Number.isInteger(tick))).toBe(true);
    }
  });

  it('labels every category when there is room, otherwise every nth with the first and the last', () => {
    expect([...labelledIndexes(5, 10)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    const shown = [...labelledIndexes(30, 10)].sort((a, b) => a - b);
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(29);
    expect(shown.length).toBeLessThanOrEqual(11);
    expect(labelledIndexes(0, 10).size).toBe(0);
  });
});

describe('reports: the admin dropdown', () => {
  it('lists the admin screens in the order of the spec’s route table, the reports included, then the audit trail (issue 14), the review queue with risk scores (issue 20) and refunds (issue 31)', async () => {
    const { adminLinks } = await import('../src/admin/adminLinks');
    expect(adminLinks.map((link) => link.to)).toEqual([
      '/usersMaintenance',
      '/impersonalRegister',
      '/globalParameters',
      '/reportedOpportunities',
      '/userPurchases',
      '/opportunityAdministration',
      '/dashboard',
      '/auditTrail',
      '/reviewQueue',
      '/refunds',
    ]);
  });
});
