import type { BlobInfo } from '@ruedas/platform';

/**
 * One file per object: a magic line, one line of JSON (key, content type, metadata, etag, size),
 * then the content. Keeping both in one file means one rename publishes them together.
 */
const MAGIC = 'RUEDAS-BLOB 1\n';
/**
 * Content type and metadata are bounded (`assertBlobPutOptions` in @ruedas/platform), so the header
 * always fits in this.
 */
export const HEADER_READ_BYTES = 16 * 1024;

export function encodeHeader(info: BlobInfo): Buffer {
  return Buffer.from(`${MAGIC}${JSON.stringify(info)}\n`, 'utf8');
}

/** Parses the header at the start of `bytes`; answers it and where the content begins. */
export function decodeHeader(bytes: Buffer, file: string): { info: BlobInfo; bodyStart: number } {
  const end = bytes.indexOf(0x0a, MAGIC.length);
  if (bytes.toString('utf8', 0, MAGIC.length) !== MAGIC || end < 0) {
    throw new Error(`blob-fs: ${file} is not a blob file`);
  }
  const info = JSON.parse(bytes.toString('utf8', MAGIC.length, end)) as BlobInfo;
  return { info, bodyStart: end + 1 };
}
