import sharp from 'sharp';

const SIZE = 32;
const KEEP = 8;

/** cos((2x + 1) u π / 2N) for the 32-point DCT-II, computed once. */
const COSINES = Array.from({ length: KEEP }, (_, u) => Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))));

/**
 * A 64-bit perceptual hash (pHash) of a picture, as 16 hexadecimal digits (issue 20): the picture
 * reduced to 32×32 grey pixels, its discrete cosine transform, and one bit per low frequency (the
 * 8×8 top-left coefficients) telling whether it is above their median. The same photo re-encoded,
 * resized, recompressed or lightly brightened keeps (nearly) the same bits; the median makes half
 * the bits ones, so pictures with large flat areas (sky, walls) still differ. Moderation compares
 * hashes to find one photo published twice. `input` is what sharp reads: encoded bytes, or raw
 * pixels with their `raw` description.
 */
export async function photoHash(input: Buffer, raw?: sharp.SharpOptions['raw']): Promise<string> {
  const pixels = await sharp(input, raw ? { raw } : {})
    .greyscale()
    .resize(SIZE, SIZE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  // Separable DCT: rows first (only the KEEP lowest frequencies), then columns.
  const rows = Array.from({ length: SIZE }, (_, y) => COSINES.map((cos) => cos.reduce((sum, c, x) => sum + c * (pixels[y * SIZE + x] as number), 0)));
  const coefficients: number[] = [];
  for (let v = 0; v < KEEP; v += 1) {
    for (let u = 0; u < KEEP; u += 1) coefficients.push(COSINES[v]!.reduce((sum, c, y) => sum + c * rows[y]![u]!, 0));
  }
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[Math.floor((coefficients.length - 1) / 2)]!;
  let hash = 0n;
  for (const value of coefficients) hash = (hash << 1n) | (value > median ? 1n : 0n);
  return hash.toString(16).padStart(16, '0');
}
