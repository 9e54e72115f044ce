// Build step: composes the supergraph and writes it, with the public API schema that the web app's
// typed operations are generated from. A composition error fails the build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { composeSupergraph, subgraphs, writeSupergraph } from '../src';

const out = new URL('../generated/', import.meta.url);
mkdirSync(out, { recursive: true });
const { supergraphSdl, apiSchemaSdl } = composeSupergraph(subgraphs);
// With the digest of its inputs: a start of the same subgraphs plans with it instead of composing (decision 0251).
writeSupergraph(subgraphs, supergraphSdl);
writeFileSync(new URL('schema.graphql', out), apiSchemaSdl);
console.log(`composed ${subgraphs.length} subgraphs into gateway/generated/`);
