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
