import { buildASTSchema, parse, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, PLAN_LEVELS } from '@ruedas/domain';
import { domainEnumTypeDefs, withDomainEnums } from '../src';

const enumOf = (sdl: string, name: string) => buildASTSchema(parse(sdl)).getType(name) as GraphQLEnumType;

describe('the domain enumerations in a subgraph SDL', () => {
  it('renders the domain values in order, each described', () => {
    const planLevel = enumOf(`type Query { a: PlanLevel }\n${domainEnumTypeDefs('PlanLevel')}`, 'PlanLevel');
    expect(planLevel.getValues().map((value) => value.name)).toEqual([...PLAN_LEVELS]);
    expect(planLevel.description).toContain('prepaid plan');
    expect(planLevel.getValues().every((value) => (value.description ?? '').length > 0)).toBe(true);
  });

  it('names lower-case domain values in upper case, keeping their own spelling as deprecated', () => {
    const language = enumOf(`type Query { a: Language }\n${domainEnumTypeDefs('Language')}`, 'Language');
    expect(language.getValues().map((value) => [value.name, value.deprecationReason ?? null])).toEqual([
      ...LANGUAGES.map((value) => [value.toUpperCase(), null]),
      ...LANGUAGES.map((value) => [value, `Use ${value.toUpperCase()} (enum values are UPPER_SNAKE_CASE).`]),
    ]);
  });

  it('puts each enum where its line stands, and refuses a name the domain does not have', () => {
    const sdl = withDomainEnums('type Query { a: Currency }\n\n# enum Currency: from @ruedas/domain\n\ntype B { b: Int }');
    expect(sdl.indexOf('enum Currency {')).toBeGreaterThan(sdl.indexOf('type Query'));
    expect(sdl.indexOf('enum Currency {')).toBeLessThan(sdl.indexOf('type B'));
    expect(() => withDomainEnums('# enum Colour: from @ruedas/domain')).toThrow(/Colour/);
  });
});
