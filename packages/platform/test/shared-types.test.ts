import { buildASTSchema, parse, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { withSharedTypes } from '../src';

describe('the shared value types in a subgraph SDL', () => {
  it('puts each definition, described, where its line stands', () => {
    const sdl = withSharedTypes('type Query { a: Phone }\n\n# type Phone: from @ruedas/platform\n\nenum PhoneType { MOBILE }\n\ntype B { b: Int }');
    expect(sdl.indexOf('type Phone @shareable {')).toBeGreaterThan(sdl.indexOf('type Query'));
    expect(sdl.indexOf('type Phone @shareable {')).toBeLessThan(sdl.indexOf('enum PhoneType'));
    const schema = buildASTSchema(parse(`directive @shareable on OBJECT | FIELD_DEFINITION\n${sdl}`));
    const phone = schema.getType('Phone') as GraphQLObjectType;
    expect(phone.description).toContain('8 digits');
    expect(Object.keys(phone.getFields())).toEqual(['phone', 'phoneType']);
  });

  it('tells scalars, types and inputs apart, and refuses a name or kind it does not have', () => {
    expect(withSharedTypes('# scalar DateTime: from @ruedas/platform')).toMatch(/^"An instant[^\n]*"\nscalar DateTime$/);
    expect(() => withSharedTypes('# type Colour: from @ruedas/platform')).toThrow(/Colour/);
    expect(() => withSharedTypes('# type DateTime: from @ruedas/platform')).toThrow(/not a type/);
  });

  it('puts the fields of a shared type where an indented fields line stands', () => {
    const sdl = withSharedTypes('type Query { a: APage }\n\ntype APage {\n  items: [Int!]!\n  # fields PageFields: from @ruedas/platform\n}');
    const page = buildASTSchema(parse(sdl)).getType('APage') as GraphQLObjectType;
    expect(Object.keys(page.getFields())).toEqual(['items', 'page', 'pageSize', 'totalItems', 'totalPages']);
    expect(page.getFields().totalPages!.description).toBe('How many pages there are (0 when none).');
  });

  it("reads a subgraph's own file for a line that names it, relative to the base", () => {
    const base = new URL('../../../services/identity/src/subgraph.ts', import.meta.url);
    const sdl = withSharedTypes('input A {\n  # fields PersonNameFields: from ./user-fields.graphql\n  b: Int\n}', base);
    expect(sdl).toMatch(/^input A \{\n {2}"A private seller or a car dealer."\n {2}userType: UserType\n[\s\S]*lastName2: String\n {2}b: Int\n\}$/);
    expect(() => withSharedTypes('input A {\n  # fields PersonNameFields: from ./user-fields.graphql\n}')).toThrow(/base URL/);
  });
});
