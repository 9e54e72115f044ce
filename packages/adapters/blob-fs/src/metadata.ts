import type { BlobPutOptions } from '@ruedas/platform';

/**
 * blob-minio can only store what an S3 request carries as headers: lowercase metadata names (S3
 * folds their case) that the minio client cannot mistake for a standard header, and printable
 * ASCII values without surrounding spaces (HTTP trims them), 2 KiB in all. This store refuses
 * the same inputs, so code that works on the data folder works on MinIO too.
 */
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const RESERVED_NAME = /^(x-amz-|content-|cache-control$|if-match$|if-none-match$)/;
const VALUE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;
const MAX_METADATA_BYTES = 2048;

export function assertPutOptions(options: BlobPutOptions): void {
  const { contentType } = options;
  if (typeof contentType !== 'string' || contentType.length > 255 || !VALUE.test(contentType)) {
    throw new Error(`invalid content type: ${JSON.stringify(contentType)}`);
  }
  let bytes = 0;
  for (const [name, value] of Object.entries(options.metadata ?? {})) {
    if (!NAME.test(name) || RESERVED_NAME.test(name)) {
      throw new Error(`invalid metadata name: ${JSON.stringify(name)} (lowercase a-z, 0-9 and -, not a standard header)`);
    }
    if (typeof value !== 'string' || !VALUE.test(value)) {
      throw new Error(`invalid metadata value for ${name}: printable ASCII, not empty, no surrounding spaces`);
    }
    bytes += name.length + value.length;
  }
  if (bytes > MAX_METADATA_BYTES) throw new Error(`metadata too large: ${bytes} bytes (at most ${MAX_METADATA_BYTES})`);
}
