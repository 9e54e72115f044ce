import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  assertBlobKey,
  assertBlobPutOptions,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
  privateDir,
  type Blob,
  type BlobInfo,
  type BlobPutOptions,
  type BlobStore,
} from '@ruedas/platform';
import { decodeHeader, encodeHeader, HEADER_READ_BYTES } from './format';

export interface FsBlobStoreOptions {
  /** The folder that holds the objects (created if missing). */
  dir: string;
}

/** A temporary file this old was left by a crashed write, never by one still running. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** Opens (creating if needed) a blob store kept as files under `options.dir`. */
export async function createFsBlobStore(options: FsBlobStoreOptions): Promise<BlobStore> {
  if (!options.dir?.trim()) throw new Error('blob-fs: dir is required');
  const root = resolve(options.dir);
  await privateDir(root);
  await privateDir(join(root, 'objects'));
  await privateDir(join(root, 'tmp'));
  await removeStaleTemporaries(join(root, 'tmp'));
  return new FsBlobStore(root);
}

class FsBlobStore implements BlobStore {
  readonly kind = 'fs';

  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer, options: BlobPutOptions): Promise<BlobInfo> {
    const file = this.fileOf(key);
    if (!Buffer.isBuffer(body)) throw new TypeError('blob-fs: body must be a Buffer');
    assertBlobPutOptions(options);
    const info: BlobInfo = {
      key,
      size: body.length,
      contentType: options.contentType,
      etag: createHash('sha256').update(body).digest('hex'),
      metadata: { ...options.metadata },
    };
    await this.writeAtomically(file, Buffer.concat([encodeHeader(info), body]));
    return info;
  }

  async get(key: string): Promise<Blob | null> {
    const file = this.fileOf(key);
    const bytes = await readFile(file).catch(nullWhenMissing);
    if (!bytes) return null;
    const { info, bodyStart } = decodeHeader(bytes, file);
    return { ...info, body: bytes.subarray(bodyStart) };
  }

  async head(key: string): Promise<BlobInfo | null> {
    const file = this.fileOf(key);
    const handle = await open(file, 'r').catch(nullWhenMissing);
    if (!handle) return null;
    try {
      const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(HEADER_READ_BYTES), position: 0 });
      return decodeHeader(buffer.subarray(0, bytesRead), file).info;
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<boolean> {
    const file = this.fileOf(key);
    const removed = await unlink(file).then(() => true, nullWhenMissing);
    return removed ?? false;
  }

  async close(): Promise<void> {
    // Every call opens and closes its own files: nothing is held between calls.
  }

  /**
   * Every path segment gets a suffix (`.d` for folders, `.blob` for objects), so keys `a` and
   * `a/b` can both exist, and no segment can ever be `.` or `..`.
   */
  private fileOf(key: string): string {
    assertBlobKey(key);
    const segments = key.split('/');
    const name = `${segments.pop()}.blob`;
    return join(this.root, 'objects', ...segments.map((segment) => `${segment}.d`), name);
  }

  /** Temporary file, fsync, rename, fsync of the folder: a crash leaves the old object or the new one. */
  private async writeAtomically(file: string, bytes: Buffer): Promise<void> {
    const temporary = join(this.root, 'tmp', `${randomUUID()}.tmp`);
    const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncFolder(dirname(file));
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeStaleTemporaries(folder: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    const { mtimeMs } = await stat(path);
    if (now - mtimeMs > STALE_TEMPORARY_MS) await rm(path, { force: true });
  }
}

function nullWhenMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}
