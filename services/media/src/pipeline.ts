import sharp from 'sharp';
import { DomainError } from '@ruedas/platform';
import { photoHash } from './photo-hash';
import { ENCODINGS, MAX_FILE_BYTES, MAX_PIXELS, VARIANT_SIZES, type Encoding, type VariantName } from './limits';

/** One encoded variant of a photo. */
export interface EncodedVariant {
  variant: VariantName;
  encoding: Encoding;
  width: number;
  height: number;
  body: Buffer;
}

export interface ProcessedPhoto {
  /** Size of the display variant, after auto-rotation. */
  width: number;
  height: number;
  variants: EncodedVariant[];
  /** The perceptual hash of the display picture (16 hex digits, `photo-hash.ts`). */
  hash: string;
}

type SourceFormat = 'jpeg' | 'png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the bytes themselves announce; the name and the declared type are never trusted. */
export function sniffFormat(bytes: Buffer): SourceFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

const refuse = (code: ConstructorParameters<typeof DomainError>[0], key: string, params: Record<string, string | number>) =>
  new DomainError(code, key, undefined, params);

export const invalidImageType = (file: string) => refuse('UNSUPPORTED_MEDIA', 'invalidImageType', { file });
export const imageTooLarge = (file: string) => refuse('PAYLOAD_TOO_LARGE', 'imageTooLarge', { file, maxMb: MAX_FILE_BYTES / 1024 / 1024 });
export const imageTooManyPixels = (file: string) => refuse('VALIDATION', 'imageTooManyPixels', { file, maxMegapixels: MAX_PIXELS / 1_000_000 });

export const JPEG_OPTIONS = { quality: 82, progressive: true, mozjpeg: true } as const;
export const WEBP_OPTIONS = { quality: 78, effort: 3 } as const;

/**
 * Checks that `bytes` are a JPEG or PNG within the limits, then re-encodes them: auto-rotated by
 * their EXIF orientation, flattened onto white, resized to each variant and encoded as WebP and
 * JPEG. Sharp writes no metadata unless asked, so EXIF (GPS included), XMP and comments are gone.
 * `file` names the upload in refusals. The source is decoded once, to the display size; the
 * thumbnail is made from that.
 */
export async function processPhoto(bytes: Buffer, file: string): Promise<ProcessedPhoto> {
  if (bytes.length > MAX_FILE_BYTES) throw imageTooLarge(file);
  const format = sniffFormat(bytes);
  if (!format) throw invalidImageType(file);
  // Only the header is read here, so no pixel limit yet: a bomb is measured, then refused.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata || metadata.format !== format || !metadata.width || !metadata.height) throw invalidImageType(file);
  if (metadata.width * metadata.height > MAX_PIXELS) throw imageTooManyPixels(file);

  const display = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: VARIANT_SIZES.display, height: VARIANT_SIZES.display, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw invalidImageType(file);
    });
  const raw = { raw: { width: display.info.width, height: display.info.height, channels: display.info.channels } };

  const encode = async (variant: VariantName, image: sharp.Sharp): Promise<EncodedVariant[]> =>
    Promise.all(
      ENCODINGS.map(async (encoding) => {
        const encoder = encoding === 'webp' ? image.clone().webp(WEBP_OPTIONS) : image.clone().jpeg(JPEG_OPTIONS);
        const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
        return { variant, encoding, width: info.width, height: info.height, body: data };
      }),
    );
  const thumb = sharp(display.data, raw).resize({
    width: VARIANT_SIZES.thumb,
    height: VARIANT_SIZES.thumb,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const [variants, hash] = await Promise.all([
    Promise.all([encode('display', sharp(display.data, raw)), encode('thumb', thumb)]).then((all) => all.flat()),
    photoHash(display.data, raw.raw),
  ]);
  return { width: display.info.width, height: display.info.height, variants, hash };
}
