/**
 * The blob store port: photos and other binary objects, addressed by key (`a-z0-9/._-`).
 * Adapters: blob-fs (files in the data folder), blob-minio (MinIO / any S3-protocol server).
 */
export interface BlobPutOptions {
  contentType: string;
  /** Small string metadata stored with the object (S3 user metadata). */
  metadata?: Record<string, string>;
}

export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
  /** Strong validator of the content (hex digest), usable as an HTTP ETag. */
  etag: string;
  metadata: Record<string, string>;
}

export interface Blob extends BlobInfo {
  body: Buffer;
}

export interface BlobStore {
  readonly kind: string;
  put(key: string, body: Buffer, options: BlobPutOptions): Promise<BlobInfo>;
  /** null when there is no such key. */
  get(key: string): Promise<Blob | null>;
  /** null when there is no such key. */
  head(key: string): Promise<BlobInfo | null>;
  /** Deleting a missing key is not an error; answers whether something was deleted. */
  delete(key: string): Promise<boolean>;
  close(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/._-]{0,254}$/i;
/** Keys are restricted so that no adapter can be led outside its folder or bucket. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
}

/**
 * An S3 request carries metadata as headers, so every blob store accepts only what those headers
 * can carry: lowercase metadata names (S3 folds their case) that the minio client cannot mistake for
 * a standard header, and printable ASCII values without surrounding spaces (HTTP trims them), 2 KiB
 * in all. blob-fs refuses the same inputs, so code that works on the data folder works on MinIO too.
 */
const METADATA_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const RESERVED_METADATA_NAME = /^(x-amz-|content-|cache-control$|if-match$|if-none-match$)/;
const HEADER_VALUE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;
const MAX_METADATA_BYTES = 2048;

export function assertBlobPutOptions(options: BlobPutOptions): void {
  const { contentType } = options;
  if (typeof contentType !== 'string' || contentType.length > 255 || !HEADER_VALUE.test(contentType)) {
    throw new Error(`invalid content type: ${JSON.stringify(contentType)}`);
  }
  let bytes = 0;
  for (const [name, value] of Object.entries(options.metadata ?? {})) {
    if (!METADATA_NAME.test(name) || RESERVED_METADATA_NAME.test(name)) {
      throw new Error(`invalid metadata name: ${JSON.stringify(name)} (lowercase a-z, 0-9 and -, not a standard header)`);
    }
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw new Error(`invalid metadata value for ${name}: printable ASCII, not empty, no surrounding spaces`);
    }
    bytes += name.length + value.length;
  }
  if (bytes > MAX_METADATA_BYTES) throw new Error(`metadata too large: ${bytes} bytes (at most ${MAX_METADATA_BYTES})`);
}
