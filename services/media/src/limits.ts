/** What one upload may carry, and the sizes every photo is re-encoded into. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Against decompression bombs: a small file may declare a huge canvas; refused from its header. */
export const MAX_PIXELS = 50_000_000;
export const MAX_FILES_PER_UPLOAD = 20;

/** Longest side of each variant; smaller originals are never enlarged. */
export const VARIANT_SIZES = { display: 1600, thumb: 400 } as const;
export type VariantName = keyof typeof VARIANT_SIZES;

export const ENCODINGS = ['webp', 'jpeg'] as const;
export type Encoding = (typeof ENCODINGS)[number];
export const CONTENT_TYPES: Record<Encoding, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };
