import { PHOTO_LIMITS, PHOTOS_PER_LEVEL, type Level } from '@ruedas/domain';

/** The photo types the media service accepts (spec 02 §5: .jpg or .png). */
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/** The largest file the media service accepts: 10 MB. */
export const MAX_PHOTO_BYTES = PHOTO_LIMITS.maxBytes;

const ACCEPTED_EXTENSIONS = /\.(jpe?g|png)$/i;

/** Why a file is refused before it is sent; the server judges the bytes again. */
export type PhotoRefusal = 'type' | 'size';

/**
 * The client-side pre-check of one file: its declared type (or, when the browser gives none,
 * its name) must be JPEG or PNG, and it must fit in MAX_PHOTO_BYTES. Null when it may be sent.
 */
export function checkPhotoFile(file: Pick<File, 'name' | 'type' | 'size'>): PhotoRefusal | null {
  const typeOk = file.type ? (ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return 'type';
  if (file.size > MAX_PHOTO_BYTES) return 'size';
  return null;
}

/** How many photos an ad of this level may have (DECISIONS.md: FREE 4, BRONZE 8, SILVER 12, GOLD 20). */
export function photoCap(level: Level): number {
  const cap = PHOTOS_PER_LEVEL[level] as number | undefined;
  if (cap === undefined) throw new RangeError(`Unknown ad level "${String(level)}"`);
  return cap;
}

/**
 * Splits newly chosen files by the level's cap: `taken` fit in the slots left after the `used`
 * ones (photos already attached plus uploads still pending), `leftOut` do not.
 */
export function fitToCap<T>(files: readonly T[], level: Level, used: number): { taken: T[]; leftOut: T[] } {
  const free = Math.max(0, photoCap(level) - used);
  return { taken: files.slice(0, free), leftOut: files.slice(free) };
}
