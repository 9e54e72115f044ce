import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchema, parse, print, visit } from 'graphql';
import { composeSupergraph, subgraphs } from '../src';
import {
  compareSchemas,
  describeChange,
  enumCasingProblems,
  PUBLISHED_SCHEMA,
  readIntendedBreakingChanges,
  undescribed,
} from '../src/schema-check';

const live = composeSupergraph(subgraphs).apiSchemaSdl;
const published = readFileSync(PUBLISHED_SCHEMA, 'utf8');

/** The subgraphs with one of them changed in its SDL text. */
const editedSubgraphs = (name: string, edit: (sdl: string) => string) =>
  subgraphs.map((definition) => (definition.name === name ? { ...definition, typeDefs: parse(edit(print(definition.typeDefs))) } : definition));

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
  it('names enum values in UPPER_SNAKE_CASE, bar deprecated ones kept for old clients', () => {
    expect(enumCasingProblems(buildSchema(live))).toEqual([]);
    expect(enumCasingProblems(buildSchema('type Query { a: E } enum E { GOOD old @deprecated(reason: "Use GOOD.") bad }'))).toEqual(['E.bad']);
  });
});

describe('the breaking-change check', () => {
  it('finds no breaking change from the published schema that is not recorded as intended', async () => {
    const { unrecorded } = await compareSchemas(published, live, readIntendedBreakingChanges());
    expect(unrecorded.map(describeChange)).toEqual([]);
  });

  it('fails a deliberately breaking change: a removed field, a narrowed type, a new required argument', async () => {
    const broken = composeSupergraph(
      editedSubgraphs('listings', (sdl) =>
        sdl
          .replace(/\n\s*"""[^"]*"""\s*\n\s*homeCarousel: \[Opportunity!\]!|\n\s*"[^"\n]*"\s*\n\s*homeCarousel: \[Opportunity!\]!|\n\s*homeCarousel: \[Opportunity!\]!/, '')
          .replace('opportunity(id: ID!): Opportunity', 'opportunity(id: ID!, language: String!): Opportunity'),
      ),
    ).apiSchemaSdl;
    const narrowed = composeSupergraph(editedSubgraphs('media', (sdl) => sdl.replace(/myPhotos: \[Photo!\]!/, 'myPhotos: [Photo!]!').replace(/\bwidth: Int!/, 'width: String!'))).apiSchemaSdl;
    const removed = await compareSchemas(published, broken, []);
    expect(removed.unrecorded.map((c) => `${c.type} ${c.path}`)).toEqual(
      expect.arrayContaining(['FIELD_REMOVED Query.homeCarousel', 'FIELD_ARGUMENT_ADDED Query.opportunity.language']),
    );
    const changedType = await compareSchemas(published, narrowed, []);
    expect(changedType.unrecorded.map((c) => `${c.type} ${c.path}`)).toContain('FIELD_TYPE_CHANGED Photo.width');
  });

  it('passes a breaking change once recorded as intended, with its reason', async () => {
    const broken = composeSupergraph(editedSubgraphs('media', (sdl) => sdl.replace(/\bwidth: Int!/, 'width: String!'))).apiSchemaSdl;
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
