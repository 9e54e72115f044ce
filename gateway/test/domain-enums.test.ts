import { readdirSync, readFileSync } from 'node:fs';
import { Kind, type EnumTypeDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  AD_STATUSES,
  AUDIT_TARGET_TYPES,
  CLICK_TYPES,
  COMPLAINT_CATEGORIES,
  COMPLAINT_OUTCOMES,
  CURRENCIES,
  FUEL_TYPES,
  ID_TYPES,
  INVOICE_STATUSES,
  LANGUAGES,
  LEVELS,
  MILEAGE_UNITS,
  PAYMENT_METHODS,
  PHONE_TYPES,
  PLAN_LEVELS,
  ROLES,
  STAFF_ACTIONS,
  STYLES,
  TRANSMISSION_TYPES,
  USER_STATUSES,
  USER_TYPES,
  API_ERROR_CODES,
  GRAPHQL_ENUMS,
} from '@ruedas/domain';
import { subgraphs } from '../src';

// The enumerations are defined once, in @ruedas/domain, and validated there; a federated enum must
// be in each subgraph that uses it, so each subgraph's SDL gets it rendered from the domain's
// GRAPHQL_ENUMS (a `# enum X: from @ruedas/domain` line of its .graphql file). Every subgraph's enum
// must hold exactly the domain's values, in the same order, and no .graphql file may write one by hand.
const DOMAIN_ENUMS: Record<string, readonly string[]> = {
  OpportunityStatus: AD_STATUSES,
  ContactClickType: CLICK_TYPES,
  Currency: CURRENCIES,
  FuelType: FUEL_TYPES,
  IdType: ID_TYPES,
  InvoiceStatus: INVOICE_STATUSES,
  Language: LANGUAGES,
  Level: LEVELS,
  MileageUnit: MILEAGE_UNITS,
  PaymentMethod: PAYMENT_METHODS,
  PhoneType: PHONE_TYPES,
  PlanLevel: PLAN_LEVELS,
  Role: ROLES,
  StaffAction: STAFF_ACTIONS,
  AuditTargetType: AUDIT_TARGET_TYPES,
  Style: STYLES,
  TransmissionType: TRANSMISSION_TYPES,
  UserStatus: USER_STATUSES,
  UserType: USER_TYPES,
  ErrorCode: API_ERROR_CODES,
  ComplaintCategory: COMPLAINT_CATEGORIES,
  ComplaintOutcome: COMPLAINT_OUTCOMES,
};

const copies = subgraphs.flatMap((subgraph) =>
  subgraph.typeDefs.definitions
    .filter((definition): definition is EnumTypeDefinitionNode => definition.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value in DOMAIN_ENUMS)
    .map((definition) => ({
      subgraph: subgraph.name,
      name: definition.name.value,
      values: (definition.values ?? []).filter((value) => !value.directives?.some((d) => d.name.value === 'deprecated')).map((value) => value.name.value),
      deprecated: (definition.values ?? []).filter((value) => value.directives?.some((d) => d.name.value === 'deprecated')).map((value) => value.name.value),
    })),
);

describe('GraphQL enums and @ruedas/domain', () => {
  it('finds every domain enumeration in at least one subgraph', () => {
    expect(new Set(copies.map((copy) => copy.name))).toEqual(new Set(Object.keys(DOMAIN_ENUMS)));
  });

  // The API names values in UPPER_SNAKE_CASE: a domain value in another case (the languages es, en)
  // is ES, EN there, its own spelling kept only as a deprecated value (issue 18).
  it.each(copies.map((copy) => [`${copy.subgraph}.${copy.name}`, copy] as const))('%s holds the domain values', (_label, copy) => {
    const domain = [...DOMAIN_ENUMS[copy.name]!];
    expect(copy.values).toEqual(domain.map((value) => value.toUpperCase()));
    expect(copy.deprecated).toEqual(domain.filter((value) => value !== value.toUpperCase()));
  });

  it('renders every one from the domain, none written by hand in a .graphql file', () => {
    expect(Object.keys(GRAPHQL_ENUMS).sort()).toEqual(Object.keys(DOMAIN_ENUMS).sort());
    for (const service of ['identity', 'moderation', 'listings', 'media', 'billing', 'search']) {
      const folder = new URL(`../../services/${service}/src/`, import.meta.url);
      for (const file of readdirSync(folder).filter((name) => name.endsWith('.graphql'))) {
        const sdl = readFileSync(new URL(file, folder), 'utf8');
        for (const name of Object.keys(DOMAIN_ENUMS)) expect(sdl, `${service}/${file}`).not.toMatch(new RegExp(`^enum ${name}\\b`, 'm'));
      }
    }
  });
});
