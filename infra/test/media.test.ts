import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, generateTokenKeyPair, systemClock, TokenSigner } from '@ruedas/platform';
import { keepUploading } from '@ruedas/testing/helpers';
import { readSettings, start, type Running } from '../src';

const logger = createLogger('test', 'silent');
const webDist = new URL('./fixtures/web', import.meta.url).pathname;
const keys = generateTokenKeyPair();
const settings = (env: Record<string, string>) => readSettings({ PORT: '0', HOST: '127.0.0.1', RUEDAS_DEMO_DATA: 'off', RUEDAS_WEB_DIST: webDist, ...env });
/** A process that verifies the tokens this test signs. */
const verifying = (env: Record<string, string>) => settings({ RUEDAS_TOKEN_PUBLIC_KEY: keys.publicKey, ...env });

/**
 * Distributed mode: the media service in its own process, reached only through the gateway's
 * process, which passes the photo and share-page paths through.
 */
describe('media in its own process, behind the gateway', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'ruedas-media-')), mkdtempSync(join(tmpdir(), 'ruedas-gateway-'))];
  let media: Running;
  let gateway: Running;
  let token: string;
  beforeAll(async () => {
    media = await start(verifying({ RUEDAS_TARGET: 'media', RUEDAS_DATA_DIR: dirs[0]! }), { logger });
    // The gateway needs every subgraph's URL; only media's is called here.
    const elsewhere = `${media.url}/graphql`;
    gateway = await start(
      settings({
        RUEDAS_TARGET: 'gateway',
        RUEDAS_DATA_DIR: dirs[1]!,
        RUEDAS_MEDIA_URL: `${media.url}/graphql`,
        RUEDAS_IDENTITY_URL: elsewhere,
        RUEDAS_MODERATION_URL: elsewhere,
        RUEDAS_LISTINGS_URL: elsewhere,
        RUEDAS_BILLING_URL: elsewhere,
        RUEDAS_SEARCH_URL: elsewhere,
      }),
      { logger },
    );
    const signer = await TokenSigner.fromPem(keys.privateKey);
    token = await signer.sign({
      userId: randomUUID(),
      sessionId: randomUUID(),
      role: 'ADVERTISER',
      expiresAt: new Date(systemClock.now().getTime() + 3_600_000),
    });
  });
  afterAll(async () => {
    await gateway.stop();
    await media.stop();
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  const uploadThroughGateway = async (bytes: Buffer, headers: Record<string, string>) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'auto.jpg');
    return fetch(`${gateway.url}/api/v1/attachment/protected`, { method: 'POST', body: form, headers });
  };

  it('uploads, serves with revalidation and deletes photos through the gateway', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadThroughGateway(photo, { authorization: `Bearer ${token}` });
    expect(uploaded.status).toBe(200);
    const [id] = (await uploaded.json()) as string[];

    const image = await fetch(`${gateway.url}/api/v1/attachment/${id}?thumb=true`, { headers: { accept: 'image/webp' } });
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('vary')).toBe('Accept');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(400);
    const etag = image.headers.get('etag')!;
    const again = await fetch(`${gateway.url}/api/v1/attachment/${id}?thumb=true`, { headers: { accept: 'image/webp', 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const anonymous = await fetch(`${gateway.url}/api/v1/attachment/protected/${id}`, { method: 'DELETE', headers: { 'accept-language': 'en' } });
    expect(await anonymous.json()).toMatchObject({ code: '0003', message: 'Your session has expired or is not valid. Please sign in again.' });
    const deleted = await fetch(`${gateway.url}/api/v1/attachment/protected/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(204);
  });

  it("passes refusals through in the caller's language, and share pages too", async () => {
    const refused = await uploadThroughGateway(Buffer.from('not a photo'), { authorization: `Bearer ${token}`, 'accept-language': 'en' });
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ messageKey: 'invalidImageType', message: '"auto.jpg" is not a JPG or PNG image.' });
    const page = await fetch(`${gateway.url}/preview/some-ad`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('url=/opportunity/some-ad');
  });

  it('refuses an anonymous upload on its headers, at the gateway and at media, without reading the body (issue 28)', async () => {
    // A client that declares 256 MiB and keeps sending, on a keep-alive connection.
    for (const url of [gateway.url, media.url]) {
      const kept = await keepUploading(`${url}/api/v1/attachment/protected`, { headers: { 'accept-language': 'en' } });
      expect(kept).toMatchObject({ status: 401, body: { code: '0003', message: 'Your session has expired or is not valid. Please sign in again.' } });
      expect(kept.answeredAfterMs).toBeLessThan(1_000);
      expect(kept.closedAfterAnswerMs).not.toBeNull();
      expect(kept.sent).toBeLessThan(64 * 1024 * 1024);
    }
    // GraphQL takes no upload: a body over its limit is refused on its declared length, just as fast.
    const graphql = await keepUploading(`${gateway.url}/graphql`, { headers: { 'accept-language': 'en', 'content-type': 'application/json' } });
    expect(graphql).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(graphql.closedAfterAnswerMs).not.toBeNull();
    expect(graphql.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('answers 503 when the media process is gone', async () => {
    const stopped = await start(settings({ RUEDAS_TARGET: 'media', RUEDAS_DATA_DIR: mkdtempSync(join(tmpdir(), 'ruedas-media-')) }), { logger });
    const url = `${stopped.url}/graphql`;
    await stopped.stop();
    const lonely = await start(
      settings({
        RUEDAS_TARGET: 'gateway',
        RUEDAS_MEDIA_URL: url,
        RUEDAS_IDENTITY_URL: url,
        RUEDAS_MODERATION_URL: url,
        RUEDAS_LISTINGS_URL: url,
        RUEDAS_BILLING_URL: url,
        RUEDAS_SEARCH_URL: url,
      }),
      { logger },
    );
    try {
      const answer = await fetch(`${lonely.url}/api/v1/attachment/anything`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await lonely.stop();
    }
  });
});

describe('media in the all-in-one process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ruedas-all-'));
  let running: Running;
  beforeAll(async () => {
    running = await start(verifying({ RUEDAS_DATA_DIR: dir, RUEDAS_TOKEN_PRIVATE_KEY: keys.privateKey }), { logger });
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an anonymous upload on its headers and lets its connection go, without reading the body (issue 28)', async () => {
    const kept = await keepUploading(`${running.url}/api/v1/attachment/protected`, { headers: { 'accept-language': 'en' } });
    expect(kept).toMatchObject({ status: 401, body: { code: '0003', message: 'Your session has expired or is not valid. Please sign in again.' } });
    expect(kept.answeredAfterMs).toBeLessThan(1_000);
    expect(kept.closedAfterAnswerMs).not.toBeNull();
    expect(kept.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('mounts the photo paths in process: an unknown photo is the placeholder image, not the web app', async () => {
    const answer = await fetch(`${running.url}/api/v1/attachment/unknown`);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers absolute photo URLs on the address it listens on when started on port 0 without RUEDAS_PUBLIC_URL', async () => {
    expect(running.url).not.toMatch(/:0$/);
    const signer = await TokenSigner.fromPem(keys.privateKey);
    const token = await signer.sign({
      userId: randomUUID(),
      sessionId: randomUUID(),
      role: 'ADVERTISER',
      expiresAt: new Date(systemClock.now().getTime() + 3_600_000),
    });
    const form = new FormData();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'auto.jpg');
    const uploaded = await fetch(`${running.url}/api/v1/attachment/protected`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(uploaded.status).toBe(200);
    const [id] = (await uploaded.json()) as string[];
    const answer = await fetch(`${running.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ myPhotos { id url thumbUrl } }' }),
    });
    const { data } = (await answer.json()) as { data: { myPhotos: Array<{ id: string; url: string; thumbUrl: string }> } };
    const mine = data.myPhotos.find((item) => item.id === id)!;
    const port = new URL(running.url).port;
    for (const url of [mine.url, mine.thumbUrl]) {
      expect(new URL(url).port).toBe(port);
      const image = await fetch(url, { headers: { accept: 'image/jpeg' } });
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    }
  });
});
