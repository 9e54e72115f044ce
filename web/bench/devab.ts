// DEV ONLY (not committed): Lighthouse A/B, interleaved, on the bench's 20 sampled ads.
import { readFile, appendFile } from 'node:fs/promises';
import lighthouse from 'lighthouse';
const [port, out, ...servers] = process.argv.slice(2);
const sample = (await readFile('/tmp/31p/sample.txt', 'utf8')).trim().split('\n').map((l) => l.split(' '));
const runs = Number(process.env.RUNS ?? 1);
for (let r = 0; r < runs; r++)
  for (const [id, ...name] of sample)
    for (const server of servers) {
      const res = await lighthouse(`${server}/opportunity/${id}`, { port: Number(port), output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const a = res!.lhr.audits;
      const v = (k: string) => a[k]?.numericValue?.toFixed(0);
      const line = `${new Date().toISOString().slice(11, 19)} ${server.slice(-5)} ${name.join(' ').padEnd(28)} perf ${Math.round(res!.lhr.categories.performance!.score! * 100)} FCP ${v('first-contentful-paint')} LCP ${v('largest-contentful-paint')} TBT ${v('total-blocking-time')} SI ${v('speed-index')} TTFB ${v('server-response-time')}`;
      console.log(line);
      await appendFile(out, line + '\n');
    }
