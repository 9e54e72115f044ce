import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { isMessageKey, translate as translateMessage } from '@ruedas/domain';
import { createProcessServer, createSubgraphServer, ManualClock, OutboxRelay, type Translator } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createFsBlobStore } from '@ruedas/blob-fs';
import { createMedia } from '../src';
import { execute, sessionKeys, START, temporaryFolder, testContext, testLogger as logger, type Json } from '@ruedas/testing/services';
import { shutDown } from '@ruedas/testing/helpers';
export type { Json } from '@ruedas/testing/services';

export const translate: Translator = (key, locale, params) =>
  isMessageKey(key) ? translateMessage(key, locale, params) : translateMessage('errorOccurred', locale);

/**
 * The media service over embedded adapters in a temporary folder, its routes on a real process
 * server on a free port. Sessions are tokens signed with the key the guard trusts, as identity's.
 */
export async function startMedia() {
  const dir = temporaryFolder('media');
  const clock = new ManualClock(START);
  const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const blobs = await createFsBlobStore({ dir: join(dir, 'blobs') });
  const relay = new OutboxRelay({ bus, logger });
  const { guard, sign } = await sessionKeys(clock);
  const media = createMedia({ guard });
  const instance = await media.init(testContext({ store, bus, blobs, clock, translate, outbox: relay }));
  const subgraph = await createSubgraphServer({ definition: media.subgraph, resolvers: instance.resolvers, logger, translate });
  const { app } = createProcessServer({ logger, translate });
  await instance.routes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  /** A session token of a user with that role. */
  const signIn = async (role = 'ADVERTISER') => {
    const userId = randomUUID();
    const token = await sign(userId, role, new Date(clock.now().getTime() + 3_600_000));
    return { userId, token };
  };

  const query = (text: string, token?: string) => execute(subgraph, text, {}, token);

  return {
    dir,
    url,
    clock,
    store,
    bus,
    blobs,
    relay,
    guard,
    signIn,
    query,
    stop: () => shutDown([app, instance, subgraph, relay, bus, blobs, store], dir),
  };
}

export type Media = Awaited<ReturnType<typeof startMedia>>;

export interface UploadFile {
  name: string;
  bytes: Buffer;
  /** The type the client declares; never trusted. */
  type?: string;
}

export async function upload(media: Media, files: UploadFile[], token?: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${media.url}/api/v1/attachment/protected`, {
    method: 'POST',
    body: form,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: response.status, body: (await response.json()) as Json };
}

// Fixtures, made with sharp: a striped picture so encoders have something to encode.
export function picture(width: number, height: number) {
  const stripes = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#3366aa"/><rect width="50%" height="50%" fill="#ee8833"/></svg>`);
  return sharp(stripes);
}

export const jpeg = (width = 2400, height = 1800) => picture(width, height).jpeg().toBuffer();
export const png = (width = 800, height = 600) => picture(width, height).png().toBuffer();

/** A JPEG whose EXIF says where it was taken (GPS) and that it must be turned (orientation 6). */
export const jpegWithGps = () =>
  picture(300, 200)
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'GPS 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 56/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '84/1 5/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

/** A valid PNG of a few hundred bytes whose header declares `side` × `side` pixels. */
export function pngBomb(side = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
