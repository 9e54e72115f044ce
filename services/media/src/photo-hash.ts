import sharp from 'sharp';

const BLOCK = 8;

/**
 * A 64-bit difference hash (dHash) of a picture, as 16 hexadecimal digits (issue 20): the picture
 * reduced to 9×8 grey pixels, one bit per pair of neighbours in a row (left brighter than right).
 * The same photo re-encoded, resized, recompressed or lightly retouched keeps (nearly) the same
 * bits, so moderation finds one photo published twice by comparing hashes, not bytes.
 * `input` is what sharp reads: encoded bytes, or raw pixels with their `raw` description.
 */
export async function photoHash(input: Buffer, raw?: sharp.SharpOptions['raw']): Promise<string> {
  // Reduced in two steps: sharp to 72×64 grey pixels, then the mean of each 8×8 block, so the 9×8
  // grid does not depend on which source pixels one resampling kernel happens to pick.
  const small = await sharp(input, raw ? { raw } : {})
    .greyscale()
    .resize(9 * BLOCK, 8 * BLOCK, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const cell = (row: number, column: number): number => {
    let sum = 0;
    for (let y = 0; y < BLOCK; y += 1) {
      for (let x = 0; x < BLOCK; x += 1) sum += small[(row * BLOCK + y) * 9 * BLOCK + column * BLOCK + x] as number;
    }
    return sum;
  };
  let hash = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      const left = cell(row, column);
      const right = cell(row, column + 1);
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return hash.toString(16).padStart(16, '0');
}
