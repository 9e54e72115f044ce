import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUploaded, readEvent, topics } from '@ruedas/events';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '../src';
import { keepUploading } from '@ruedas/testing/helpers';
import { jpeg, jpegWithGps, png, pngBomb, startMedia, upload, type Media } from './harness';

let media: Media;
let seller: { userId: string; token: string };
beforeAll(async () => {
  media = await startMedia();
  seller = await media.signIn();
});
afterAll(async () => media.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${media.url}${path}`, { headers });
const image = async (id: string, { thumb = false, accept = 'image/jpeg' } = {}) => {
  const response = await get(`/api/v1/attachment/${id}${thumb ? '?thumb=true' : ''}`, { accept });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};
/** The seller's photos and the files in the blob store: what a refused request must not add to. */
const storedPhotos = async () => ({
  photos: (await media.query('{ myPhotos { id } }', seller.token)).data?.myPhotos.length as number,
  blobs: readdirSync(join(media.dir, 'blobs', 'objects'), { recursive: true }).filter((f) => String(f).includes('.')).length,
});

describe('upload', () => {
  it('accepts JPEG and PNG, answers the ids in upload order, and re-encodes into display and thumbnail sizes', async () => {
    const files = [
      { name: 'frente.jpg', bytes: await jpeg(2400, 1800), type: 'image/jpeg' },
      { name: 'lado.png', bytes: await png(800, 600), type: 'image/png' },
    ];
    const { status, body } = await upload(media, files, seller.token);
    expect(status).toBe(200);
    expect(body).toHaveLength(2);
    const [big, small] = body as string[];

    const display = await sharp((await image(big!)).bytes).metadata();
    expect([display.format, display.width, display.height]).toEqual(['jpeg', 1600, 1200]);
    const thumb = await sharp((await image(big!, { thumb: true })).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 300]);
    // A smaller original keeps its size; the PNG comes back as JPEG (or WebP) like every photo.
    const second = await sharp((await image(small!)).bytes).metadata();
    expect([second.format, second.width, second.height]).toEqual(['jpeg', 800, 600]);

    const mine = await media.query('{ myPhotos { id url thumbUrl width height } }', seller.token);
    expect(mine.data?.myPhotos).toEqual(
      expect.arrayContaining([
        {
          id: big,
          url: `https://ruedas.test/api/v1/attachment/${big}`,
          thumbUrl: `https://ruedas.test/api/v1/attachment/${big}?thumb=true`,
          width: 1600,
          height: 1200,
        },
      ]),
    );
  });

  it('serves responsive widths (?w=320|640|960|1280) made from the display size once, never wider than it', async () => {
    const { body } = await upload(media, [{ name: 'ancho.jpg', bytes: await jpeg(2400, 1800) }], seller.token);
    const id = (body as string[])[0]!;
    for (const [width, accept, format] of [
      [320, 'image/webp', 'webp'],
      [640, 'image/jpeg', 'jpeg'],
      [1280, 'image/webp', 'webp'],
    ] as const) {
      const first = await get(`/api/v1/attachment/${id}?w=${width}`, { accept });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toContain('immutable');
      const metadata = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([format, width, (width * 3) / 4]);
      // Kept: the same bytes (and validator) the next time.
      const again = await get(`/api/v1/attachment/${id}?w=${width}`, { accept, 'if-none-match': first.headers.get('etag')! });
      expect(again.status).toBe(304);
    }
    // A width not offered is the display size; a small original is never enlarged.
    const other = await sharp(Buffer.from(await (await get(`/api/v1/attachment/${id}?w=777`, { accept: 'image/jpeg' })).arrayBuffer())).metadata();
    expect(other.width).toBe(1600);
    const { body: small } = await upload(media, [{ name: 'chica.png', bytes: await png(800, 600) }], seller.token);
    const wide = await sharp(
      Buffer.from(await (await get(`/api/v1/attachment/${(small as string[])[0]}?w=1280`, { accept: 'image/jpeg' })).arrayBuffer()),
    ).metadata();
    expect(wide.width).toBe(800);
  });

  it('strips EXIF (GPS included) and turns the picture by its orientation', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { body } = await upload(media, [{ name: 'gps.jpg', bytes: original }], seller.token);
    for (const thumb of [false, true]) {
      for (const accept of ['image/jpeg', 'image/webp']) {
        const { bytes } = await image(body[0], { thumb, accept });
        const metadata = await sharp(bytes).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
        // 300 x 200 with orientation 6 is a portrait picture.
        expect([metadata.width, metadata.height, metadata.orientation ?? 1]).toEqual([200, 300, 1]);
      }
    }
  });

  it('judges the bytes: a PNG declared and named as JPEG is accepted as the PNG it is', async () => {
    const { status } = await upload(media, [{ name: 'mentira.jpg', bytes: await png(50, 40), type: 'image/jpeg' }], seller.token);
    expect(status).toBe(200);
  });

  const refusals: Array<[string, () => Promise<{ name: string; bytes: Buffer; type?: string }>, number, string, RegExp]> = [
    [
      'a renamed text file',
      async () => ({ name: 'foto.jpg', bytes: Buffer.from('hola, no soy una foto'), type: 'image/jpeg' }),
      415,
      'invalidImageType',
      /«foto\.jpg» no es una imagen JPG o PNG/,
    ],
    [
      'a GIF declared as JPEG',
      async () => ({ name: 'anim.jpg', bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), type: 'image/jpeg' }),
      415,
      'invalidImageType',
      /anim\.jpg/,
    ],
    ['a JPEG cut short', async () => ({ name: 'rota.jpg', bytes: (await jpeg(400, 300)).subarray(0, 600) }), 415, 'invalidImageType', /rota\.jpg/],
    [
      'a file over 10 MB',
      async () => ({ name: 'enorme.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(MAX_FILE_BYTES)]) }),
      413,
      'imageTooLarge',
      /«enorme\.jpg» pesa más de 10 MB/,
    ],
    [
      'a pixel bomb (20000 × 20000 declared in a tiny PNG)',
      async () => ({ name: 'bomba.png', bytes: pngBomb(20_000) }),
      400,
      'imageTooManyPixels',
      /«bomba\.png» tiene demasiados píxeles: como máximo 50 megapíxeles/,
    ],
    ['a PNG just over the pixel limit (7100 × 7100)', async () => ({ name: 'grande.png', bytes: pngBomb(7_100) }), 400, 'imageTooManyPixels', /grande\.png/],
  ];
  for (const [what, file, status, messageKey, message] of refusals) {
    it(`refuses ${what}, naming the file, and stores nothing of the batch`, async () => {
      const before = await storedPhotos();
      expect(before.blobs).toBeGreaterThan(0);
      const good = { name: 'buena.jpg', bytes: await jpeg(300, 200) };
      const answer = await upload(media, [good, await file(), good], seller.token);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ messageKey, file: { index: 1 } });
      expect(answer.body.message).toMatch(message);
      expect(await storedPhotos()).toEqual(before);
    });
  }

  it('answers refusals in English when asked', async () => {
    const answer = await upload(media, [{ name: 'notes.png', bytes: Buffer.from('text') }], seller.token, { 'accept-language': 'en-US,en;q=0.9' });
    expect(answer.body.message).toBe('"notes.png" is not a JPG or PNG image.');
  });

  it(`refuses more than ${MAX_FILES_PER_UPLOAD} files in one request`, async () => {
    const before = await storedPhotos();
    const tiny = { name: 'x.png', bytes: await png(20, 20) };
    const answer = await upload(
      media,
      Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, () => tiny),
      seller.token,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', messageKey: 'tooManyFiles' });
    expect(await storedPhotos()).toEqual(before);
  });

  it('refuses an upload without a valid session (0003) or without files', async () => {
    const file = { name: 'a.jpg', bytes: await jpeg(100, 100) };
    expect((await upload(media, [file])).body).toMatchObject({ code: '0003' });
    expect((await upload(media, [file], 'not-a-token')).status).toBe(401);
    expect((await upload(media, [], seller.token)).body).toMatchObject({ code: 'VALIDATION', messageKey: 'noImages' });
  });

  it('refuses an anonymous upload on its headers and lets its connection go, without reading the body (issue 28)', async () => {
    // A client that declares 256 MiB and keeps sending, on a keep-alive connection.
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Array<Record<string, string>>) {
      const kept = await keepUploading(`${media.url}/api/v1/attachment/protected`, { headers: { 'accept-language': 'en', ...headers } });
      expect(kept.status).toBe(401);
      expect(kept.body).toMatchObject({ code: '0003', message: 'Your session has expired or is not valid. Please sign in again.' });
      // Answered at once, and the connection closed instead of the rest being read and thrown away.
      expect(kept.answeredAfterMs).toBeLessThan(1_000);
      expect(kept.closedAfterAnswerMs).not.toBeNull();
      expect(kept.sent).toBeLessThan(64 * 1024 * 1024);
    }
  });

  it('publishes PhotoUploaded with the owner, so listings can tell whose photo it is', async () => {
    const { body } = await upload(media, [{ name: 'e.jpg', bytes: await jpeg(640, 480) }], seller.token);
    await media.relay.flush();
    const seen: unknown[] = [];
    const subscription = await media.bus.subscribe({ group: `check-${body[0]}`, topics: [topics.mediaPhoto], handler: async (m) => void seen.push(m.value) });
    await expect.poll(() => seen.some((v) => readEvent(photoUploaded, v)?.aggregateId === body[0])).toBe(true);
    await subscription.stop();
    const event = seen.map((v) => readEvent(photoUploaded, v)).find((e) => e?.aggregateId === body[0]);
    // With its perceptual hash (issue 20), for moderation's duplicate-photo signals.
    expect(event?.payload.photo).toEqual({ id: body[0], ownerId: seller.userId, width: 640, height: 480, hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
});

describe('serving', () => {
  let id: string;
  beforeAll(async () => {
    id = (await upload(media, [{ name: 'a.jpg', bytes: await jpeg(1000, 750) }], seller.token)).body[0];
  });

  it('negotiates WebP for browsers that accept it, JPEG otherwise, and says it varies by Accept', async () => {
    const webp = await image(id, { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' });
    expect(webp.response.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(webp.bytes).metadata()).format).toBe('webp');
    const plain = await image(id, { accept: '*/*' });
    expect(plain.response.headers.get('content-type')).toBe('image/jpeg');
    expect(await image(id, { accept: 'image/webp;q=0' }).then((r) => r.response.headers.get('content-type'))).toBe('image/jpeg');
    for (const { response } of [webp, plain]) {
      expect(response.headers.get('vary')).toBe('Accept');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 304 to a matching If-None-Match, with a strong ETag per representation', async () => {
    const first = await image(id, { thumb: true, accept: 'image/webp' });
    const etag = first.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16,}"$/);
    const again = await get(`/api/v1/attachment/${id}?thumb=true`, { accept: 'image/webp', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const jpegTag = (await image(id, { thumb: true })).response.headers.get('etag');
    expect(jpegTag).not.toBe(etag);
    expect((await get(`/api/v1/attachment/${id}?thumb=true`, { accept: 'image/jpeg', 'if-none-match': etag })).status).toBe(200);
  });

  it('answers the placeholder with status 200 and a short cache for an unknown or malformed id', async () => {
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nada', '..%2F..%2Fetc']) {
      const { response, bytes } = await image(unknown);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('etag')).toBeNull();
      expect(bytes.toString()).toContain('<svg');
    }
  });
});
