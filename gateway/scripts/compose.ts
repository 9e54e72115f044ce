// Build step: composes the supergraph and writes it, with the public API schema that the web app's
// typed operations are generated from. A composition error fails the build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { composeSupergraph, subgraphs } from '../src';

const out = new URL('../generated/', import.meta.url);
mkdirSync(out, { recursive: true });
const { supergraphSdl, apiSchemaSdl } = composeSupergraph(subgraphs);
writeFileSync(new URL('supergraph.graphql', out), supergraphSdl);
writeFileSync(new URL('schema.graphql', out), apiSchemaSdl);
console.log(`composed ${subgraphs.length} subgraphs into gateway/generated/`);
