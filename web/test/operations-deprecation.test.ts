import { buildSchema, Kind, NoDeprecatedCustomRule, NoUnusedFragmentsRule, parse, specifiedRules, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as alertOperations from '../generated/alerts-gql/graphql';
import * as operations from '../generated/gql/graphql';
// The composed supergraph's API schema, as the gateway's build writes it (what the codegen reads).
import schemaText from '../../gateway/generated/schema.graphql?raw';

/**
 * Every GraphQL operation of the web app, as GraphQL Code Generator extracted them from `src/` (both
 * maps: the first load's and the alert screens'), is validated against the composed API schema with
 * graphql-js's NoDeprecatedCustomRule: the web uses no deprecated field, argument, input field or
 * enum value (issue 18; decision 0070 keeps the old ones for other clients only).
 */
const schema = buildSchema(schemaText);

const documents = (module: Record<string, unknown>): Array<[string, DocumentNode]> =>
  Object.entries(module).filter((entry): entry is [string, DocumentNode] => {
    const value = entry[1] as { kind?: unknown } | null;
    return typeof value === 'object' && value !== null && value.kind === Kind.DOCUMENT;
  });

const deprecatedUses = (document: DocumentNode) => validate(schema, document, [NoDeprecatedCustomRule]).map((error) => error.message);

describe("the web app's operations", () => {
  const all = [...documents(operations), ...documents(alertOperations)];

  it('are all found (both operation maps)', () => {
    expect(documents(operations).length).toBeGreaterThan(50);
    expect(documents(alertOperations).length).toBeGreaterThan(3);
  });

  it('are valid against the composed schema and use nothing deprecated', () => {
    const problems = all.flatMap(([name, document]) => [
      // A fragment's own document (the codegen exports one per fragment) is valid but unused.
      ...validate(
        schema,
        document,
        specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule),
      ).map((error) => `${name}: ${error.message}`),
      ...deprecatedUses(document).map((message) => `${name}: ${message}`),
    ]);
    expect(problems).toEqual([]);
  });

  it('would be caught using a deprecated field, argument or enum value', () => {
    const field = parse('query { myInvoicePage { items { id amount } } }');
    const argument = parse('query { dashboard(from: "2026-01-01") { periodData { firstDay } } }');
    const enumValue = parse('query { users(sort: { field: name, direction: ASC }) { totalItems } }');
    expect(deprecatedUses(field)).toEqual(['The field Invoice.amount is deprecated. Use total (Money).']);
    expect(deprecatedUses(argument)).toEqual(['Field "Query.dashboard" argument "from" is deprecated. Use firstDay (a Date).']);
    expect(deprecatedUses(enumValue)).toHaveLength(1);
    expect(deprecatedUses(enumValue)[0]).toMatch(/UserSortField\.name/);
  });
});
