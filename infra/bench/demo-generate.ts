// Writes a synthetic catalogue for benchmarks as one JSON document { sellers, ads }:
//   npm run demo:generate -w @ruedas/infra -- --count 100000 --out /tmp/ads.json [--seed 2026]
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { generateCatalogue } from '../src';

const { values } = parseArgs({ options: { count: { type: 'string', default: '100000' }, out: { type: 'string' }, seed: { type: 'string', default: '2026' } } });
if (!values.out) {
  console.error('usage: demo:generate -- --count <ads> --out <file.json> [--seed <number>]');
  process.exit(2);
}

const started = performance.now();
const { sellers, ads } = generateCatalogue({ ads: Number(values.count), seed: Number(values.seed) });
const generatedMs = performance.now() - started;

// Written ad by ad: 100,000 ads make one string too large to build at once.
const out = createWriteStream(values.out);
const write = async (text: string) => {
  if (!out.write(text)) await once(out, 'drain');
};
await write(`{"sellers":${JSON.stringify(sellers)},"ads":[`);
for (const [index, ad] of ads.entries()) await write(`${index ? ',' : ''}\n${JSON.stringify(ad)}`);
await write(']}\n');
out.end();
await once(out, 'finish');
console.log(
  `${ads.length} ads and ${sellers.length} sellers generated in ${Math.round(generatedMs)} ms, written to ${values.out} in ` +
    `${Math.round(performance.now() - started)} ms`,
);
