import { describe, expect, it } from 'vitest';
import {
  AD_STATUSES,
  adStatusSchema,
  FUEL_TYPES,
  isAdminRole,
  isPublicStatus,
  LEVEL_CODES,
  levelFromCode,
  OWNER_STATUSES,
  ownerMaySetStatus,
  passengerChoiceSchema,
  PHOTOS_PER_LEVEL,
  ROLES,
  STYLES,
  USER_STATUS_SHORT,
  USER_TYPE_SHORT,
  styleSchema,
} from '../src/index';

describe('enumerations', () => {
  it('has the eight ad statuses and the six the owner filters by', () => {
    expect(AD_STATUSES).toHaveLength(8);
    expect(OWNER_STATUSES).toEqual(['PUBLIC_ONLINE', 'PENDING_APPROVAL', 'MODIFIED', 'REJECTED', 'SOLD', 'EXPIRED']);
  });

  it('treats only PUBLIC_ONLINE and MODIFIED as public', () => {
    expect(AD_STATUSES.filter(isPublicStatus)).toEqual(['PUBLIC_ONLINE', 'MODIFIED']);
  });

  it('lets an owner only mark a public ad sold', () => {
    expect(ownerMaySetStatus('PUBLIC_ONLINE', 'SOLD')).toBe(true);
    expect(ownerMaySetStatus('MODIFIED', 'SOLD')).toBe(true);
    expect(ownerMaySetStatus('SOLD', 'SOLD')).toBe(false);
    expect(ownerMaySetStatus('PENDING_APPROVAL', 'SOLD')).toBe(false);
    expect(ownerMaySetStatus('PUBLIC_ONLINE', 'EXPIRED')).toBe(false);
  });

  it('maps level codes both ways and refuses unknown codes', () => {
    expect(LEVEL_CODES).toEqual({ FREE: 1, BRONZE: 2, SILVER: 3, GOLD: 4 });
    expect([1, 2, 3, 4].map(levelFromCode)).toEqual(['FREE', 'BRONZE', 'SILVER', 'GOLD']);
    expect(() => levelFromCode(5)).toThrow(/Unknown level code 5/);
    expect(PHOTOS_PER_LEVEL).toEqual({ FREE: 4, BRONZE: 8, SILVER: 12, GOLD: 20 });
  });

  it('gives isAdmin to ADMINISTRATOR only', () => {
    expect(ROLES.filter(isAdminRole)).toEqual(['ADMINISTRATOR']);
  });

  it('has the short labels of user statuses and types', () => {
    expect(USER_STATUS_SHORT).toEqual({ ACTIVE: 'A', NOT_CONFIRMED: 'NC', BLOCKED_BY_FAILS: 'B' });
    expect(USER_TYPE_SHORT).toEqual({ PERSON: 'I', CARS_SELLER_MERCHANT: 'C' });
  });

  it('includes LPG and the eleven styles', () => {
    expect(FUEL_TYPES).toContain('LPG');
    expect(STYLES).toHaveLength(11);
  });

  it('reports the spec message keys from its zod enums', () => {
    expect(adStatusSchema.safeParse('DELETED').error?.issues[0]?.message).toBe('invalidStatus');
    expect(styleSchema.safeParse('').error?.issues[0]?.message).toBe('invalidStyle');
    expect(passengerChoiceSchema.safeParse(6).error?.issues[0]?.message).toBe('invalidPassengersNumber');
    expect(passengerChoiceSchema.parse(888)).toBe(888);
  });
});
