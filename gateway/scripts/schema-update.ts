// `npm run schema:update -w @ruedas/gateway`: publishes the live composed API schema as
// gateway/schema/supergraph-api.graphql and adds its changes at the top of schema/CHANGELOG.md.
// A breaking change must first be recorded in schema/intended-breaking-changes.json with its
// reason (the check fails until then); publishing moves the reasons into the change log and empties
// the list.
import { readFileSync, writeFileSync } from 'node:fs';
import { CriticalityLevel } from '@graphql-inspector/core';
import { composeSupergraph, subgraphs } from '../src';
import {
  compareSchemas,
  describeChange,
  INTENDED_BREAKING_CHANGES,
  PUBLISHED_SCHEMA,
  readIntendedBreakingChanges,
  SCHEMA_CHANGELOG,
} from '../src/schema-check';

const published = readFileSync(PUBLISHED_SCHEMA, 'utf8');
const { apiSchemaSdl } = composeSupergraph(subgraphs);
const { changes, unrecorded, intended } = await compareSchemas(published, apiSchemaSdl, readIntendedBreakingChanges());
if (unrecorded.length > 0) {
  console.error(
    `breaking changes not recorded in gateway/schema/intended-breaking-changes.json:\n${unrecorded.map((c) => `  - ${describeChange(c)}`).join('\n')}`,
  );
  process.exit(1);
}
if (changes.length === 0) {
  console.log('the published schema is up to date');
  process.exit(0);
}
const reasons = new Map(intended.map(({ change, reason }) => [change, reason]));
// Descriptions are counted, not listed: the log is for what a client's code sees.
const isDescription = (change: (typeof changes)[number]) => /DESCRIPTION/.test(change.type);
const section = (level: CriticalityLevel, title: string) => {
  const lines = changes
    .filter((change) => change.criticality.level === level && !isDescription(change))
    .map((change) => `- ${change.message}${reasons.has(change) ? ` Reason: ${reasons.get(change)}` : ''}`);
  const described = changes.filter((change) => change.criticality.level === level && isDescription(change)).length;
  if (described) lines.push(`- ${described} descriptions added or changed.`);
  return lines.length ? `### ${title}\n\n${lines.join('\n')}\n\n` : '';
};
const entry =
  `## ${new Date().toISOString().slice(0, 10)}\n\n` +
  section(CriticalityLevel.Breaking, 'Breaking (recorded as intended)') +
  section(CriticalityLevel.Dangerous, 'Dangerous (may change what existing clients see)') +
  section(CriticalityLevel.NonBreaking, 'Additions and other safe changes');
const log = readFileSync(SCHEMA_CHANGELOG, 'utf8');
const marker = log.indexOf('\n## ');
writeFileSync(SCHEMA_CHANGELOG, marker < 0 ? `${log.trimEnd()}\n\n${entry}` : `${log.slice(0, marker + 1)}${entry}${log.slice(marker + 1)}`);
writeFileSync(PUBLISHED_SCHEMA, apiSchemaSdl);
writeFileSync(INTENDED_BREAKING_CHANGES, '[]\n');
console.log(`published ${changes.length} changes (${intended.length} breaking, recorded) to gateway/schema/`);
