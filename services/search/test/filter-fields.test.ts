import { SEARCH_FILTER_KEYS } from '@ruedas/domain';
import { Kind, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { subgraph } from '../src/subgraph';

// The filter's fields are written once, in the domain (decision 0195); the GraphQL input a search
// takes and the type it answers with must carry exactly those (the answer adds how the text was read).

function fieldsOf(document: DocumentNode, name: string): string[] {
  const definition = document.definitions.find((node) => 'name' in node && node.name?.value === name);
  if (!definition || (definition.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_DEFINITION)) {
    throw new Error(`${name} is not in the search subgraph`);
  }
  return (definition.fields ?? []).map((field) => field.name.value);
}

const READING_ONLY = ['styles', 'textWords', 'ignoredWords', 'droppedWords', 'parts', 'cheapestFirst'];

describe("the search filter's GraphQL shapes", () => {
  it("SearchFilterInput takes exactly the domain's fields", () => {
    expect([...fieldsOf(subgraph.typeDefs, 'SearchFilterInput')].sort()).toEqual([...SEARCH_FILTER_KEYS].sort());
  });

  it("SearchFilter answers the domain's fields and how the text was read", () => {
    expect(fieldsOf(subgraph.typeDefs, 'SearchFilter').sort()).toEqual([...SEARCH_FILTER_KEYS, ...READING_ONLY].sort());
  });
});
