import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobPutOptions, BlobStore } from '@ruedas/platform';

export interface BlobStoreContractSetup {
  store: BlobStore;
  teardown: () => Promise<void>;
}

/**
 * The behaviour every BlobStore adapter must show. Each run writes under a fresh key prefix and
 * deletes what it wrote, so the suite can also run against a shared real bucket.
 */
export function runBlobStoreContractTests(name: string, setup: () => Promise<BlobStoreContractSetup>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    let teardown: (() => Promise<void>) | undefined;
    const prefix = `contract-${randomUUID().slice(0, 8)}`;
    const used = new Set<string>();
    const key = (path: string) => {
      used.add(`${prefix}/${path}`);
      return `${prefix}/${path}`;
    };
    const jpeg = { contentType: 'image/jpeg' };

    beforeAll(async () => {
      ({ store, teardown } = await setup());
    });
    afterAll(async () => {
      // Leave a shared real bucket as it was found.
      for (const written of used) await store?.delete(written);
      await store?.close();
      await teardown?.();
    });

    it('gives back binary data byte for byte, all 256 byte values included', async () => {
      const body = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      const info = await store.put(key('bytes.bin'), body, { contentType: 'application/octet-stream' });
      expect(info).toMatchObject({ key: key('bytes.bin'), size: 512, contentType: 'application/octet-stream', metadata: {} });
      const blob = await store.get(key('bytes.bin'));
      expect(blob?.body.equals(body)).toBe(true);
      expect(blob).toMatchObject({ key: key('bytes.bin'), size: 512, etag: info.etag });
    });

    it('gives back a 5 MB body intact', async () => {
      const body = randomBytes(5 * 1024 * 1024);
      await store.put(key('large.jpg'), body, jpeg);
      const blob = await store.get(key('large.jpg'));
      expect(blob?.size).toBe(body.length);
      expect(blob?.body.equals(body)).toBe(true);
    });

    it('keeps the content type and the metadata, on get and on head', async () => {
      const metadata = { owner: 'user-42', 'original-name': 'Toyota Corolla 2015.jpg', width: '1024' };
      await store.put(key('meta.txt'), Buffer.from('hola'), { contentType: 'text/plain; charset=utf-8', metadata });
      const expected = { contentType: 'text/plain; charset=utf-8', metadata };
      expect(await store.get(key('meta.txt'))).toMatchObject(expected);
      expect(await store.head(key('meta.txt'))).toMatchObject(expected);
    });

    it('describes an object on head exactly as put did, without its body', async () => {
      const put = await store.put(key('head.jpg'), Buffer.from('jpeg bytes'), { ...jpeg, metadata: { ad: 'ad-1' } });
      const head = await store.head(key('head.jpg'));
      expect(head).toEqual(put);
      expect(head).not.toHaveProperty('body');
    });

    it('gives equal content an equal etag, and different content a different one', async () => {
      const a = await store.put(key('etag/a.jpg'), Buffer.from('same content'), jpeg);
      const b = await store.put(key('etag/b.jpg'), Buffer.from('same content'), { contentType: 'image/png' });
      const c = await store.put(key('etag/c.jpg'), Buffer.from('same contenT'), jpeg);
      expect(a.etag).toMatch(/^[0-9a-f]{32,}$/);
      expect(b.etag).toBe(a.etag);
      expect(c.etag).not.toBe(a.etag);
      expect((await store.head(key('etag/a.jpg')))?.etag).toBe(a.etag);
    });

    it('replaces an object on a second put: body, content type, metadata and etag', async () => {
      const first = await store.put(key('over.jpg'), Buffer.from('first'), { ...jpeg, metadata: { version: '1' } });
      const second = await store.put(key('over.jpg'), Buffer.from('second, longer'), { contentType: 'image/webp' });
      expect(second.etag).not.toBe(first.etag);
      const blob = await store.get(key('over.jpg'));
      expect(blob?.body.toString()).toBe('second, longer');
      expect(blob).toMatchObject({ size: 14, contentType: 'image/webp', metadata: {}, etag: second.etag });
    });

    it('deletes an object: true, and then get and head answer null', async () => {
      await store.put(key('gone.jpg'), Buffer.from('x'), jpeg);
      expect(await store.delete(key('gone.jpg'))).toBe(true);
      expect(await store.get(key('gone.jpg'))).toBeNull();
      expect(await store.head(key('gone.jpg'))).toBeNull();
      expect(await store.delete(key('gone.jpg'))).toBe(false);
    });

    it('answers null for get and head, and false for delete, of a key never written', async () => {
      expect(await store.get(key('never.jpg'))).toBeNull();
      expect(await store.head(key('never.jpg'))).toBeNull();
      expect(await store.delete(key('never.jpg'))).toBe(false);
    });

    it('refuses invalid keys on every call, and writes nothing', async () => {
      const invalid = ['', '../x', `${prefix}/../x`, 'a//b', `${prefix}//b`, '/abs', '.hidden', 'espacio en medio', 'ñ'];
      for (const bad of invalid) {
        await expect(store.put(bad, Buffer.from('x'), jpeg), bad).rejects.toThrow(/invalid blob key/);
        await expect(store.get(bad), bad).rejects.toThrow(/invalid blob key/);
        await expect(store.head(bad), bad).rejects.toThrow(/invalid blob key/);
        await expect(store.delete(bad), bad).rejects.toThrow(/invalid blob key/);
      }
      expect(await store.head('x')).toBeNull();
      expect(await store.head(`${prefix}/b`)).toBeNull();
      expect(await store.head(`${prefix}/x`)).toBeNull();
    });

    it('keeps keys with folders apart, including a key that is also a folder of others', async () => {
      await store.put(key('ads/ad-1'), Buffer.from('the folder itself'), jpeg);
      await store.put(key('ads/ad-1/photo-1.jpg'), Buffer.from('photo 1'), jpeg);
      await store.put(key('ads/ad-1/thumbs/photo-1.jpg'), Buffer.from('thumb 1'), jpeg);
      expect((await store.get(key('ads/ad-1/photo-1.jpg')))?.body.toString()).toBe('photo 1');
      expect((await store.get(key('ads/ad-1/thumbs/photo-1.jpg')))?.body.toString()).toBe('thumb 1');
      expect(await store.delete(key('ads/ad-1'))).toBe(true);
      expect((await store.get(key('ads/ad-1/photo-1.jpg')))?.body.toString()).toBe('photo 1');
      expect(await store.head(key('ads/ad-1'))).toBeNull();
    });

    it('refuses metadata and content types that S3 headers cannot carry, and writes nothing', async () => {
      const refused: BlobPutOptions[] = [
        { contentType: '' },
        { contentType: 'image/jpeg', metadata: { Owner: 'x' } },
        { contentType: 'image/jpeg', metadata: { 'content-language': 'es' } },
        { contentType: 'image/jpeg', metadata: { name: 'Señor' } },
        { contentType: 'image/jpeg', metadata: { name: ' padded ' } },
        { contentType: 'image/jpeg', metadata: { big: 'x'.repeat(3000) } },
      ];
      for (const options of refused) {
        await expect(store.put(key('refused.jpg'), Buffer.from('x'), options), JSON.stringify(options)).rejects.toThrow(/invalid|too large/);
      }
      expect(await store.head(key('refused.jpg'))).toBeNull();
    });
  });
}
