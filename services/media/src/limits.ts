import { PHOTO_LIMITS } from '@ruedas/domain';

/** What one upload may carry (one definition, in @ruedas/domain, shared with the web). */
export const MAX_FILE_BYTES = PHOTO_LIMITS.maxBytes;
export const MAX_PIXELS = PHOTO_LIMITS.maxPixels;
export const MAX_FILES_PER_UPLOAD = PHOTO_LIMITS.maxFilesPerUpload;

/** Longest side of each variant; smaller originals are never enlarged. */
export const VARIANT_SIZES = { display: 1600, thumb: 400 } as const;
export type VariantName = keyof typeof VARIANT_SIZES;

/**
 * Widths a photo is also served at (`?w=`, for `srcset`): made from the display variant on the
 * first request and kept beside it, never wider than it.
 */
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1280] as const;

export const ENCODINGS = ['webp', 'jpeg'] as const;
export type Encoding = (typeof ENCODINGS)[number];
export const CONTENT_TYPES: Record<Encoding, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };
