import type { UserSnapshot } from '../src';

/**
 * A user as identity publishes it (Ana Mora, an active advertiser in San José, signed up on
 * 2026-11-01); `overrides` change any field. For tests only (`@ruedas/events/examples`): the one
 * example user of the event contracts' tests and of @ruedas/testing's service harnesses.
 */
export function exampleUserSnapshot(overrides: Partial<UserSnapshot> = {}): UserSnapshot {
  return {
    id: 'u1',
    email: 'ana@example.cr',
    name: 'Ana',
    lastName: 'Mora',
    lastName2: '',
    fullName: 'Ana Mora',
    userType: 'PERSON',
    merchantName: '',
    language: 'es',
    role: 'ADVERTISER',
    status: 'ACTIVE',
    impersonal: false,
    phoneList: [],
    province: '1',
    canton: '101',
    district: '10101',
    dateCreated: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}
