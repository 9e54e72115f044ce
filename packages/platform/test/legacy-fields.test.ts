import { buildASTSchema, parse, type GraphQLEnumType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { withLegacyFields } from '../src';

const sdl = `type Query { a: A, b(
    # from: legacy of firstDay, "First day, yyyy-MM-dd."
    "First day."
    firstDay: Date
  ): Int }
scalar Date
scalar DateTime
scalar Money
type A {
  # at: legacy of occurredAt, "When (ISO 8601 text)."
  # prices: legacy of amounts, "In CRC."
  "When."
  occurredAt: DateTime!
  "The amounts."
  amounts(of: Int): [Money!]
}
enum Sort {
  "Given name."
  NAME
  # name: legacy of NAME
}`;

describe('the legacy fields of a subgraph SDL', () => {
  it('builds each deprecated field, argument or enum value from its successor, where its line stands', () => {
    const schema = buildASTSchema(parse(withLegacyFields(sdl)));
    const a = schema.getType('A') as GraphQLObjectType;
    expect(Object.keys(a.getFields())).toEqual(['at', 'prices', 'occurredAt', 'amounts']);
    expect(a.getFields().at).toMatchObject({ description: 'When (ISO 8601 text).', deprecationReason: 'Use occurredAt (a DateTime).' });
    expect(String(a.getFields().at!.type)).toBe('String!');
    expect(a.getFields().prices).toMatchObject({ description: 'In CRC.', deprecationReason: 'Use amounts (Money).' });
    expect(String(a.getFields().prices!.type)).toBe('[Float!]');
    const from = schema.getQueryType()!.getFields().b!.args[0]!;
    expect(from).toMatchObject({ name: 'from', description: 'First day, yyyy-MM-dd.', deprecationReason: 'Use firstDay (a Date).' });
    expect(String(from.type)).toBe('String');
    const name = (schema.getType('Sort') as GraphQLEnumType).getValue('name')!;
    expect(name).toMatchObject({ description: 'Given name.', deprecationReason: 'Use NAME.' });
  });

  it('refuses a successor its block does not have, or of a type with no legacy twin', () => {
    expect(() => withLegacyFields('type A {\n  # at: legacy of when, "ISO."\n  "When."\n  occurredAt: DateTime!\n}')).toThrow(/no when in its block/);
    expect(() => withLegacyFields('type A {\n  "When."\n  occurredAt: DateTime!\n}\ntype B {\n  # at: legacy of occurredAt, "ISO."\n  b: Int\n}')).toThrow(
      /no occurredAt/,
    );
    expect(() => withLegacyFields('type A {\n  # n: legacy of count, "A number."\n  count: Int\n}')).toThrow(/count is a Int/);
    expect(() => withLegacyFields('enum E {\n  # a: legacy of A\n  B\n}')).toThrow(/no described enum value A/);
  });
});
