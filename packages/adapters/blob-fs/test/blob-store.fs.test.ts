import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsBlobStore } from '@ruedas/blob-fs';
import { runBlobStoreContractTests } from '@ruedas/testing';

const temporaryDir = () => mkdtemp(join(tmpdir(), 'ruedas-blob-fs-'));

runBlobStoreContractTests('blob-fs', async () => {
  const dir = await temporaryDir();
  return { store: await createFsBlobStore({ dir }), teardown: () => rm(dir, { recursive: true, force: true }) };
});

describe('blob-fs', () => {
  it('keeps objects across a reopen of the same folder', async () => {
    const dir = await temporaryDir();
    const first = await createFsBlobStore({ dir });
    const put = await first.put('ads/1/photo.jpg', Buffer.from('photo'), { contentType: 'image/jpeg', metadata: { ad: '1' } });
    await first.close();
    const second = await createFsBlobStore({ dir });
    expect(await second.get('ads/1/photo.jpg')).toEqual({ ...put, body: Buffer.from('photo') });
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the sha-256 of the content as etag', async () => {
    const dir = await temporaryDir();
    const store = await createFsBlobStore({ dir });
    const { etag } = await store.put('a', Buffer.from('abc'), { contentType: 'text/plain' });
    expect(etag).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    await rm(dir, { recursive: true, force: true });
  });

  it('writes nothing outside its folder for a key that tries to leave it', async () => {
    const parent = await temporaryDir();
    const store = await createFsBlobStore({ dir: join(parent, 'blobs') });
    await expect(store.put('../escaped', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/invalid blob key/);
    expect(await readdir(parent)).toEqual(['blobs']);
    await rm(parent, { recursive: true, force: true });
  });

  it('leaves no temporary file after writes, and clears those a crash left long ago', async () => {
    const dir = await temporaryDir();
    const store = await createFsBlobStore({ dir });
    await store.put('a', Buffer.from('x'), { contentType: 'text/plain' });
    expect(await readdir(join(dir, 'tmp'))).toEqual([]);

    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await writeFile(join(dir, 'tmp', 'crashed.tmp'), 'half a photo');
    await utimes(join(dir, 'tmp', 'crashed.tmp'), old, old);
    await writeFile(join(dir, 'tmp', 'in-flight.tmp'), 'a write still running elsewhere');
    await createFsBlobStore({ dir });
    expect(await readdir(join(dir, 'tmp'))).toEqual(['in-flight.tmp']);
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses to open without a folder', async () => {
    await expect(createFsBlobStore({ dir: ' ' })).rejects.toThrow(/dir is required/);
  });
});
