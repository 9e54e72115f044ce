import { hammingDistance, PHOTO_HASH_MAX_DISTANCE } from '@ruedas/domain';
import { testPicture } from '@ruedas/testing/pictures';
import { describe, expect, it } from 'vitest';
import { photoHash } from '../src';

describe('the perceptual hash of a photo (issue 20)', () => {
  it('is 16 hex digits, the same for the same picture re-encoded, resized and brightened, and far for another picture', async () => {
    const original = await photoHash(await testPicture(7));
    expect(original).toMatch(/^[0-9a-f]{16}$/);
    const copies = await Promise.all([
      testPicture(7, { width: 320, quality: 50 }),
      testPicture(7, { width: 960, quality: 95 }),
      testPicture(7, { brightness: 1.1, quality: 70 }),
    ]);
    for (const copy of copies) expect(hammingDistance(original, await photoHash(copy))).toBeLessThanOrEqual(PHOTO_HASH_MAX_DISTANCE);
    for (const other of [8, 9, 10, 11]) expect(hammingDistance(original, await photoHash(await testPicture(other)))).toBeGreaterThan(PHOTO_HASH_MAX_DISTANCE);
  });
});
