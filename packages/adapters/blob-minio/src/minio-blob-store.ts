import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Client } from 'minio';
import { assertBlobKey, assertBlobPutOptions, type Blob, type BlobInfo, type BlobPutOptions, type BlobStore } from '@ruedas/platform';
import { parseSettings, type MinioBlobStoreOptions } from './settings';

const USER_METADATA = 'x-amz-meta-';

/**
 * Opens a blob store on a MinIO (or any S3-protocol) server, creating the bucket if missing.
 * Throws a ConfigError naming the variable when a setting is missing or malformed.
 */
export async function createMinioBlobStore(options: MinioBlobStoreOptions): Promise<BlobStore> {
  const settings = parseSettings(options);
  const client = new Client({
    endPoint: settings.endPoint,
    port: settings.port,
    useSSL: settings.useSSL,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    // A fixed region spares a bucket-location request before each call.
    region: settings.region,
    pathStyle: true,
  });
  try {
    await ensureBucket(client, settings.bucket, settings.region);
  } catch (error) {
    throw new Error(`blob-minio: cannot use bucket ${settings.bucket} at ${options.endpoint}: ${(error as Error).message}`, { cause: error });
  }
  return new MinioBlobStore(client, settings.bucket);
}

async function ensureBucket(client: Client, bucket: string, region: string): Promise<void> {
  if (await client.bucketExists(bucket)) return;
  try {
    await client.makeBucket(bucket, region);
  } catch (error) {
    // Another process created it in the meantime.
    if (errorCode(error) !== 'BucketAlreadyOwnedByYou') throw error;
  }
}

class MinioBlobStore implements BlobStore {
  readonly kind = 'minio';

  constructor(
    private readonly client: Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, body: Buffer, options: BlobPutOptions): Promise<BlobInfo> {
    assertBlobKey(key);
    if (!Buffer.isBuffer(body)) throw new TypeError('blob-minio: body must be a Buffer');
    assertBlobPutOptions(options);
    const metadata = { ...options.metadata };
    const headers = Object.fromEntries(Object.entries(metadata).map(([name, value]) => [USER_METADATA + name, value]));
    const { etag } = await this.client.putObject(this.bucket, key, body, body.length, {
      ...headers,
      'Content-Type': options.contentType,
    });
    return { key, size: body.length, contentType: options.contentType, etag, metadata };
  }

  async get(key: string): Promise<Blob | null> {
    assertBlobKey(key);
    const stream = await this.client.getObject(this.bucket, key).catch(nullWhenMissing);
    if (!stream) return null;
    // The minio client answers the HTTP response itself: its headers describe exactly this body.
    const { headers } = stream as IncomingMessage;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    return { ...infoFromHeaders(key, body.length, headers), body };
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertBlobKey(key);
    const stat = await this.client.statObject(this.bucket, key).catch(nullWhenMissing);
    if (!stat) return null;
    // statObject strips the user-metadata prefix; the names it keeps as they are are standard headers.
    const { 'content-type': contentType, ...rest } = stat.metaData as Record<string, string>;
    const metadata = Object.fromEntries(Object.entries(rest).filter(([name]) => !isStandardHeader(name)));
    return { key, size: stat.size, contentType: contentType ?? 'application/octet-stream', etag: stat.etag, metadata };
  }

  /** S3 deletes answer success whether or not the key existed, so ask first. */
  async delete(key: string): Promise<boolean> {
    if (!(await this.head(key))) return false;
    await this.client.removeObject(this.bucket, key);
    return true;
  }

  async close(): Promise<void> {
    // The minio client keeps no connection of its own beyond Node's agent.
  }
}

function infoFromHeaders(key: string, size: number, headers: IncomingHttpHeaders): BlobInfo {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(USER_METADATA) && typeof value === 'string') metadata[name.slice(USER_METADATA.length)] = value;
  }
  return {
    key,
    size,
    contentType: headers['content-type'] ?? 'application/octet-stream',
    etag: (headers.etag ?? '').replace(/^"|"$/g, ''),
    metadata,
  };
}

function isStandardHeader(name: string): boolean {
  return name.startsWith('x-amz-') || /^(content-|cache-control$|if-match$|if-none-match$)/i.test(name);
}

function nullWhenMissing(error: unknown): null {
  const code = errorCode(error);
  if (code === 'NotFound' || code === 'NoSuchKey') return null;
  throw error;
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string } | undefined)?.code;
}
