import { chromium, devices } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map';
const ad = readFileSync('/tmp/i12/ad', 'utf8').trim();
const path = process.argv[2] === 'results' ? '/searchingOpportunities?q=toyota' : process.argv[2] === 'home' ? '/' : `/opportunity/${ad}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, userAgent: devices['Pixel 5'].userAgent });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.start');
await page.goto(`http://127.0.0.1:47123${path}`);
await page.waitForFunction(() => document.documentElement.dataset.page === 'ready', undefined, { polling: 1000 });
await page.waitForLoadState('networkidle');
const { profile } = await cdp.send('Profiler.stop');
await browser.close();

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const maps = new Map();
async function orig(cf) {
  if (!cf.url.includes('/assets/')) return `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}`;
  const file = '/work/wt/i12/web/.prof/dist/assets/' + cf.url.split('/assets/')[1].split('?')[0];
  if (!maps.has(file)) { try { maps.set(file, await new SourceMapConsumer(JSON.parse(readFileSync(file + '.map', 'utf8')))); } catch { maps.set(file, null); } }
  const m = maps.get(file); if (!m) return cf.url;
  const p = m.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  return `${p.name ?? cf.functionName} ${(p.source ?? '').replace(/.*node_modules\//, '').replace(/.*\/web\/src\//, 'src/')}:${p.line}`;
}
const names = new Map(); for (const n of profile.nodes) names.set(n.id, await orig(n.callFrame));
// segments of busy samples
let t = 0; const segs = []; let cur = null;
for (let i = 0; i < profile.samples.length; i++) { t += profile.timeDeltas[i]; const nm = names.get(profile.samples[i]); const idle = nm.startsWith('(idle)') || nm.startsWith('(program)') || nm.startsWith('(garbage');
  if (!idle) { if (!cur || t - cur.end > 3000) { cur = { start: t, end: t, samples: [] }; segs.push(cur); } cur.end = t; cur.samples.push([profile.samples[i], profile.timeDeltas[i + 1] ?? 0]); } }
for (const seg of segs.filter((s) => s.end - s.start > 40000).sort((a, b) => (b.end - b.start) - (a.end - a.start)).slice(0, 4)) {
  console.log(`\n== segment ${(seg.start / 1000).toFixed(0)} ms, ${((seg.end - seg.start) / 1000).toFixed(0)} ms`);
  const incl = new Map(); const selfm = new Map();
  for (const [id, us] of seg.samples) { selfm.set(names.get(id), (selfm.get(names.get(id)) ?? 0) + us); const seen = new Set(); let p = id; while (p) { const nm = names.get(p); if (nm.includes('src/') && !seen.has(nm)) { seen.add(nm); incl.set(nm, (incl.get(nm) ?? 0) + us); } p = parent.get(p); } }
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log('  incl', (v / 1000).toFixed(0).padStart(5), k);
  for (const [k, v] of [...selfm].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log('  self', (v / 1000).toFixed(0).padStart(5), k);
}
