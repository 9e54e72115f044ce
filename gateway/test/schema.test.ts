import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchema, Kind, parse, visit, type FieldDefinitionNode, type GraphQLEnumType, type NamedTypeNode, type TypeNode } from 'graphql';
import { errorStatus } from '@ruedas/platform';
import { LIMIT_CODES } from '../src/limits';
import { composeSupergraph, subgraphs } from '../src';
import { compareSchemas, describeChange, enumCasingProblems, PUBLISHED_SCHEMA, readIntendedBreakingChanges, undescribed } from '../src/schema-check';

const live = composeSupergraph(subgraphs).apiSchemaSdl;
const published = readFileSync(PUBLISHED_SCHEMA, 'utf8');

/** The subgraphs with one of them changed by an AST visitor on its field definitions. */
const editedSubgraphs = (name: string, edit: (field: FieldDefinitionNode, type: string) => FieldDefinitionNode | null | undefined) =>
  subgraphs.map((definition) => {
    if (definition.name !== name) return definition;
    let type = '';
    const typeDefs = visit(definition.typeDefs, {
      ObjectTypeDefinition: { enter: (node) => void (type = node.name.value) },
      ObjectTypeExtension: { enter: (node) => void (type = node.name.value) },
      FieldDefinition: (node) => edit(node, type),
    });
    return { ...definition, typeDefs };
  });
const named = (value: string): NamedTypeNode => ({ kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value } });
const required = (value: string): TypeNode => ({ kind: Kind.NON_NULL_TYPE, type: named(value) });

describe('the supergraph lint', () => {
  it('describes every type, field, argument, input field and enum value', () => {
    expect(undescribed(buildSchema(live))).toEqual([]);
  });
  it('finds what has no description (the lint can fail)', () => {
    expect(undescribed(buildSchema('"A car." type Query { "A car." car(id: ID!): Car } type Car { brand: String } enum Level { "Top." GOLD FREE }'))).toEqual([
      'Query.car(id:)',
      'Car',
      'Car.brand',
      'Level',
      'Level.FREE',
    ]);
  });
  it("says what each thing is, not which of the project's issues or decisions brought it (issue 32 item 10)", () => {
    const descriptions: string[] = [];
    visit(parse(published), { StringValue: (node) => void (node.block || node.value.length > 0 ? descriptions.push(node.value) : undefined) });
    const live_: string[] = [];
    visit(parse(live), { StringValue: (node) => void live_.push(node.value) });
    for (const texts of [descriptions, live_]) expect(texts.filter((text) => /\b(issues?|decisions?) \d+|issue \d+'s/i.test(text))).toEqual([]);
  });
  it('publishes every error code a client can meet, with what to do (issue 32 item 12)', () => {
    const schema = buildSchema(published);
    const codes = schema.getType('ErrorCode') as GraphQLEnumType;
    const named = codes.getValues().map((value) => value.name);
    const numbered = Object.keys(errorStatus).filter((code) => /^\d+$/.test(code));
    expect(named).toEqual(expect.arrayContaining([...Object.keys(errorStatus).filter((code) => !/^\d+$/.test(code)), ...LIMIT_CODES, 'INTERNAL_SERVER_ERROR']));
    for (const code of numbered) expect(codes.description).toContain(`"${code}"`);
    for (const value of codes.getValues()) expect(value.description, value.name).toMatch(/\w{3,}/);
  });
  it('names enum values in UPPER_SNAKE_CASE, bar deprecated ones kept for old clients', () => {
    expect(enumCasingProblems(buildSchema(live))).toEqual([]);
    expect(enumCasingProblems(buildSchema('type Query { a: E } enum E { GOOD old @deprecated(reason: "Use GOOD.") bad }'))).toEqual(['E.bad']);
  });
});

describe('the breaking-change check', () => {
  it('publishes the schema the subgraphs compose to, descriptions included (`npm run schema:update -w @ruedas/gateway`)', () => {
    expect(published === live, 'the published schema is behind the subgraphs: run `npm run schema:update -w @ruedas/gateway`').toBe(true);
  });

  it('finds no breaking change from the published schema that is not recorded as intended', async () => {
    const { unrecorded } = await compareSchemas(published, live, readIntendedBreakingChanges());
    expect(unrecorded.map(describeChange)).toEqual([]);
  });

  it('fails a deliberately breaking change: a removed field, a narrowed type, a new required argument', async () => {
    // Query.homeCarousel removed; Query.opportunity gets a new required argument.
    const broken = composeSupergraph(
      editedSubgraphs('listings', (field, type) => {
        if (type === 'Query' && field.name.value === 'homeCarousel') return null;
        if (type === 'Query' && field.name.value === 'opportunity') {
          return {
            ...field,
            arguments: [
              ...(field.arguments ?? []),
              { kind: Kind.INPUT_VALUE_DEFINITION, name: { kind: Kind.NAME, value: 'language' }, type: required('String') },
            ],
          };
        }
        return undefined;
      }),
    ).apiSchemaSdl;
    // Photo.width narrowed from Int! to String!.
    const narrowed = composeSupergraph(
      editedSubgraphs('media', (field, type) => (type === 'Photo' && field.name.value === 'width' ? { ...field, type: required('String') } : undefined)),
    ).apiSchemaSdl;
    const removed = await compareSchemas(published, broken, readIntendedBreakingChanges());
    expect(removed.unrecorded.map((c) => `${c.type} ${c.path}`).sort()).toEqual([
      'FIELD_ARGUMENT_ADDED Query.opportunity.language',
      'FIELD_REMOVED Query.homeCarousel',
    ]);
    const changedType = await compareSchemas(published, narrowed, readIntendedBreakingChanges());
    expect(changedType.unrecorded.map((c) => `${c.type} ${c.path}`)).toEqual(['FIELD_TYPE_CHANGED Photo.width']);
  });

  it('passes a breaking change once recorded as intended, with its reason', async () => {
    const broken = composeSupergraph(
      editedSubgraphs('media', (field, type) => (type === 'Photo' && field.name.value === 'width' ? { ...field, type: required('String') } : undefined)),
    ).apiSchemaSdl;
    const recorded = [...readIntendedBreakingChanges(), { type: 'FIELD_TYPE_CHANGED', path: 'Photo.width', reason: 'test' }];
    const result = await compareSchemas(published, broken, recorded);
    expect(result.unrecorded.map(describeChange)).toEqual([]);
    expect(result.intended.map(({ change, reason }) => [change.path, reason])).toContainEqual(['Photo.width', 'test']);
  });

  it('publishes the API schema only: no federation internals', () => {
    const names: string[] = [];
    visit(parse(published), { NamedType: (node) => void names.push(node.name.value), Directive: (node) => void names.push(`@${node.name.value}`) });
    expect(names.filter((name) => /^(_|join__|link__|@join__|@link|@key)/.test(name))).toEqual([]);
  });
});
