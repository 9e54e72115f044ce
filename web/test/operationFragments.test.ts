/**
 * Issue 34: a selection that several operations of the web make is a fragment, written once
 * (`src/data/fragments.ts`, `src/search/filterFields.ts`, or a feature's operations). Reads every
 * GraphQL document of `src/` and fails on a selection of three fields or more made twice on the same type,
 * or made again inside a larger selection of that type (decision 0218).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, getNamedType, parse, print, TypeInfo, visit, visitWithTypeInfo, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('..', import.meta.url));
const schema = buildSchema(readFileSync(join(web, '../gateway/generated/schema.graphql'), 'utf8'));

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );

/** Every document of `src/`, with the module it is written in. */
const documents = sources(join(web, 'src')).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\bgraphql\(\s*`([^`]*)`\s*\)/g)].map(([, text]) => ({ file: file.slice(web.length), text: text! })),
);

/** The fields and fragment spreads a selection holds, however deep. */
const leaves = (set: SelectionSetNode): number =>
  set.selections.reduce((sum, selection) => sum + (selection.kind === 'Field' && selection.selectionSet ? leaves(selection.selectionSet) : 1), 0);

/** Each selection of three leaves or more, by its type and its text, with where it is made. */
function selections(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { file, text } of documents) {
    const typeInfo = new TypeInfo(schema);
    const document = parse(text);
    const note = (type: string, set: SelectionSetNode, place: string) => {
      if (leaves(set) < 3) return;
      const key = `${type} ${print(set).replace(/\s+/g, ' ')}`;
      found.set(key, [...(found.get(key) ?? []), place]);
    };
    const name = document.definitions.map((definition) => ('name' in definition ? definition.name?.value : '')).join(',');
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          if (node.selectionSet)
            note(`${getNamedType(typeInfo.getType())?.name}`, node.selectionSet, `${file} ${name}.${node.alias?.value ?? node.name.value}`);
        },
        // A fragment's own selection counts too: an operation writing it out again is a repeat.
        FragmentDefinition(node) {
          note(node.typeCondition.name.value, node.selectionSet, `${file} ${node.name.value}`);
        },
      }),
    );
  }
  return found;
}

/** A selection's own fields, each printed whole (alias, arguments, sub-selection); `id` and fragment spreads left out. */
interface OwnFields {
  type: string;
  fields: string[];
  place: string;
}

/** Every selection of `src/` with its own fields. */
function ownFields(): OwnFields[] {
  const found: OwnFields[] = [];
  for (const { file, text } of documents) {
    const typeInfo = new TypeInfo(schema);
    const note = (type: string, set: SelectionSetNode, place: string) => {
      const fields = set.selections
        .filter((selection) => selection.kind === 'Field' && selection.name.value !== 'id')
        .map((field) => print(field).replace(/\s+/g, ' '));
      found.push({ type, fields, place });
    };
    visit(
      parse(text),
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          if (node.selectionSet) note(`${getNamedType(typeInfo.getType())?.name}`, node.selectionSet, `${file} ${node.alias?.value ?? node.name.value}`);
        },
        FragmentDefinition(node) {
          note(node.typeCondition.name.value, node.selectionSet, `${file} ${node.name.value}`);
        },
      }),
    );
  }
  return found;
}

describe('the web GraphQL operations', () => {
  it('are read, every one valid against the schema types', () => {
    expect(documents.length).toBeGreaterThan(80);
    expect(selections().size).toBeGreaterThan(20);
  });

  it('make no selection of three fields or more twice on one type (a fragment instead)', () => {
    const repeated = [...selections()].filter(([, places]) => places.length > 1);
    expect(repeated).toEqual([]);
  });

  it('make no selection of three fields or more again inside a larger one on the same type (a fragment both spread)', () => {
    const all = ownFields();
    const contained = all.flatMap((small) =>
      small.fields.length < 3
        ? []
        : all
            .filter((large) => large !== small && large.type === small.type && large.fields.length > small.fields.length)
            .filter((large) => small.fields.every((field) => large.fields.includes(field)))
            .map((large) => `${small.type} {${small.fields.join(' ')}}: ${small.place} inside ${large.place}`),
    );
    expect(contained).toEqual([]);
  });

  it('define each fragment once', () => {
    const names = documents.flatMap(({ text }) => [...text.matchAll(/\bfragment\s+(\w+)\s+on\b/g)].map(([, name]) => name));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
