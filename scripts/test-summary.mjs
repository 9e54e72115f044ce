// Adds up the vitest JSON reports of every workspace and prints one closing line:
// "Tests: N passed, N failed, N skipped". Exits non-zero when a test failed or none ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const folders = workspaces.flatMap((pattern) => {
  if (!pattern.endsWith('/*')) return [pattern];
  const parent = pattern.slice(0, -2);
  return readdirSync(join(root, parent), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `${parent}/${d.name}`);
});

let passed = 0,
  failed = 0,
  skipped = 0;
const lines = [];
for (const folder of folders) {
  const dir = join(root, folder, '.test-results');
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    // Only vitest's reports (the gateway's OpenAPI lint writes its document beside them).
    if (typeof report.numPassedTests !== 'number' || typeof report.numFailedTests !== 'number') continue;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    lines.push(`  ${folder}/${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
  }
}
console.log(lines.join('\n'));
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
