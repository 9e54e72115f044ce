import { z } from 'zod';
import { defineEvent } from './envelope';
import { topics } from './topics';

/**
 * Events of the media service. Topic `media.photo` (aggregate: the photo, keyed by photo id). The
 * listings service keeps who owns which photo from them, so a seller can only attach their own.
 */
export const photoSchema = z.object({
  id: z.string().min(1),
  ownerId: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /**
   * Added in place (optional, so older events read the same; issue 20): the photo's 64-bit
   * perceptual hash (pHash) as 16 hex digits. Moderation compares them to find photos published twice.
   */
  hash: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});
export type PhotoRecord = z.infer<typeof photoSchema>;

export const photoUploaded = defineEvent(topics.mediaPhoto, 'PhotoUploaded', 1, z.object({ photo: photoSchema }));
export const photoDeleted = defineEvent(topics.mediaPhoto, 'PhotoDeleted', 1, z.object({ photo: photoSchema }));
