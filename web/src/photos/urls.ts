/** Where photos live on the REST facade; the one place that knows these paths (spec 02 §7). */
const ATTACHMENT_PATH = '/api/v1/attachment';

export interface PhotoUrlOptions {
  /** The thumbnail instead of the display size. */
  thumb?: boolean;
}

/** The image of a photo id; an unknown id answers the server's placeholder image. */
export function photoUrl(id: string, { thumb = false }: PhotoUrlOptions = {}): string {
  const path = `${ATTACHMENT_PATH}/${encodeId(id)}`;
  return thumb ? `${path}?thumb=true` : path;
}

/** The widths the media service also serves a photo at (`?w=`), for `srcset`. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;

/** The `srcset` of a photo's display size: each responsive width. */
export function photoSrcSet(id: string): string {
  const path = `${ATTACHMENT_PATH}/${encodeId(id)}`;
  return PHOTO_WIDTHS.map((width) => `${path}?w=${width} ${width}w`).join(', ');
}

/** Where photos are uploaded (multipart, one part per file; the answer is the ids in order). */
export const PHOTO_UPLOAD_URL = `${ATTACHMENT_PATH}/protected`;

/** Where the owner (or an admin) deletes a photo. */
export function photoDeleteUrl(id: string): string {
  return `${PHOTO_UPLOAD_URL}/${encodeId(id)}`;
}

function encodeId(id: string): string {
  if (id.trim() === '') throw new TypeError('A photo id must be a non-empty string');
  return encodeURIComponent(id);
}
