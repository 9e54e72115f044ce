import sharp from 'sharp';

/**
 * A 64-bit difference hash (dHash) of a picture, as 16 hexadecimal digits (issue 20): the picture
 * reduced to 9×8 grey pixels, one bit per pair of neighbours in a row (left brighter than right).
 * The same photo re-encoded, resized, recompressed or lightly retouched keeps (nearly) the same
 * bits, so moderation finds one photo published twice by comparing hashes, not bytes.
 * `input` is what sharp reads: encoded bytes, or raw pixels with their `raw` description.
 */
export async function photoHash(input: Buffer, raw?: sharp.SharpOptions['raw']): Promise<string> {
  const pixels = await sharp(input, raw ? { raw } : {})
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      const left = pixels[row * 9 + column] as number;
      const right = pixels[row * 9 + column + 1] as number;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return hash.toString(16).padStart(16, '0');
}
