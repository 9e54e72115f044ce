// Photo upload and serving, measured against the media service in its own process:
//  - upload + re-encode of one 12-megapixel JPEG (median of several single uploads), and the
//    pipeline alone in this process;
//  - thumbnail serving with 50 concurrent clients (req/s, p50/p95), WebP and JPEG.
//   npm run bench -w @ruedas/media
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateTokenKeyPair, TokenSigner } from '@ruedas/platform';
import { load as run, type LoadRequest } from '@ruedas/testing/load';
import { processPhoto } from '../src/pipeline';

const UPLOADS = 7;
const CLIENTS = 50;
const REQUESTS = 5_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A 4000 × 3000 photo-like JPEG: smoothed noise over a gradient, so it encodes like a picture. */
async function twelveMegapixels(): Promise<Buffer> {
  // `background` is ignored when `noise` is given (sharp's input.js); its types ask for it all the same.
  const create = { width: 4000, height: 3000, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } as const;
  const noise = await sharp({ create }).blur(2).toBuffer({ resolveWithObject: false });
  return sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const photo = await twelveMegapixels();
console.log(
  `12-megapixel JPEG: ${(photo.length / 1024 / 1024).toFixed(1)} MB, Node ${process.version}, sharp ${sharp.versions.sharp}, ${sharp.concurrency()} threads`,
);

// The pipeline alone: check, decode, rotate, resize, encode 4 variants (no storage, no HTTP).
const pipelineTimes: number[] = [];
for (let i = 0; i < UPLOADS; i++) {
  const t0 = performance.now();
  await processPhoto(photo, 'bench.jpg');
  pipelineTimes.push(performance.now() - t0);
}
console.log(`re-encode pipeline, 12 MP (median of ${UPLOADS})   ${median(pipelineTimes).toFixed(0)} ms`);

const dir = mkdtempSync(join(tmpdir(), 'ruedas-media-bench-'));
const keys = generateTokenKeyPair();
const port = 20000 + Math.floor(Math.random() * 2000);
const server = fork(new URL('./server.ts', import.meta.url).pathname, {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: String(port), RUEDAS_DATA_DIR: dir, RUEDAS_TOKEN_PUBLIC_KEY: keys.publicKey },
  stdio: 'inherit',
});
await new Promise<void>((resolve, reject) => {
  server.once('message', () => resolve());
  server.once('exit', (code) => reject(new Error(`the media server exited (${code})`)));
});
const url = `http://127.0.0.1:${port}`;
try {
  const signer = await TokenSigner.fromPem(keys.privateKey);
  const token = await signer.sign({ userId: randomUUID(), sessionId: randomUUID(), role: 'ADVERTISER', expiresAt: new Date(Date.now() + 3_600_000) });
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'bench.jpg');
    const res = await fetch(`${url}/api/v1/attachment/protected`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`upload: HTTP ${res.status} ${await res.text()}`);
    return ((await res.json()) as string[])[0]!;
  };
  const uploadTimes: number[] = [];
  let id = '';
  for (let i = 0; i < UPLOADS; i++) {
    const t0 = performance.now();
    id = await upload();
    uploadTimes.push(performance.now() - t0);
  }
  console.log(
    `upload + re-encode + store, 12 MP (median of ${UPLOADS})   ${median(uploadTimes).toFixed(0)} ms   (min ${Math.min(...uploadTimes).toFixed(0)}, ` +
      `max ${Math.max(...uploadTimes).toFixed(0)})`,
  );

  console.log(`thumbnail serving: ${CLIENTS} concurrent clients, ${REQUESTS} requests per run`);
  const load = (name: string, request: () => LoadRequest, status = 200) => run(name, url, request, { clients: CLIENTS, requests: REQUESTS, status });
  const thumb = (headers: Record<string, string>) => () => ({ path: `/api/v1/attachment/${id}?thumb=true`, headers });
  await load('warm-up', thumb({ accept: 'image/webp' }));
  await load('GET thumbnail (WebP)', thumb({ accept: 'image/webp' }));
  await load('GET thumbnail (JPEG)', thumb({ accept: 'image/jpeg' }));
  const etag = (await fetch(`${url}/api/v1/attachment/${id}?thumb=true`, { headers: { accept: 'image/webp' } })).headers.get('etag') ?? '';
  await load('GET thumbnail, If-None-Match (304)', thumb({ accept: 'image/webp', 'if-none-match': etag }), 304);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
