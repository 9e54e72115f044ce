import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VARIANT_SIZES } from '@ruedas/media';
import { drawPhotos, paintOf, PHOTO_SIZE, type CarLook } from '../src/demo/draw';

const look = (overrides: Partial<CarLook> = {}): CarLook => ({ style: 'SEDAN', exteriorColor: 'Rojo', interiorColor: 'Negro', seed: 1, ...overrides });

/** Share of the display JPEG's pixels within a small distance of a colour. */
async function shareOf(jpeg: Buffer, hex: string): Promise<number> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const target = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (target.every((value, c) => Math.abs((data[i + c] as number) - value) < 24)) near += 1;
  }
  return near / (info.width * info.height);
}

const display = (photo: Awaited<ReturnType<typeof drawPhotos>>[number], encoding: 'jpeg' | 'webp' = 'jpeg') =>
  photo.variants.find((v) => v.variant === 'display' && v.encoding === encoding)?.body as Buffer;

describe('drawn demo photos', () => {
  it('come in every variant the photo library serves, at their sizes, as real images', async () => {
    const [photo] = await drawPhotos(look(), 1);
    expect(photo?.variants.map((v) => `${v.variant}.${v.encoding}`).sort()).toEqual(['display.jpeg', 'display.webp', 'thumb.jpeg', 'thumb.webp']);
    for (const variant of photo?.variants ?? []) {
      const meta = await sharp(variant.body).metadata();
      expect(meta.format).toBe(variant.encoding);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(Math.max(variant.width, variant.height)).toBe(variant.variant === 'thumb' ? VARIANT_SIZES.thumb : PHOTO_SIZE.width);
    }
  });

  it('paint the car in the ad colour, named in Spanish or English', async () => {
    expect(paintOf('Rojo')).toBe(paintOf('red'));
    const [red] = await drawPhotos(look({ exteriorColor: 'Rojo' }), 1);
    const [blue] = await drawPhotos(look({ exteriorColor: 'Azul' }), 1);
    expect(await shareOf(display(red!), paintOf('Rojo'))).toBeGreaterThan(0.03);
    expect(await shareOf(display(blue!), paintOf('Rojo'))).toBeLessThan(0.005);
    expect(await shareOf(display(blue!), paintOf('Azul'))).toBeGreaterThan(0.03);
  });

  it('draw a body that follows the style, and a different view per photo', async () => {
    const [sedan] = await drawPhotos(look({ style: 'SEDAN' }), 1);
    const [van] = await drawPhotos(look({ style: 'VAN' }), 1);
    // A van's tall box shows much more paint than a sedan's low body.
    expect(await shareOf(display(van!), paintOf('Rojo'))).toBeGreaterThan(1.5 * (await shareOf(display(sedan!), paintOf('Rojo'))));
    const views = await drawPhotos(look(), 4);
    expect(new Set(views.map((photo) => display(photo).toString('base64'))).size).toBe(4);
  });

  it('refuse a photo count outside 1 to 4', () => {
    expect(() => drawPhotos(look(), 0)).toThrow(/photo count must be 1 to 4/);
    expect(() => drawPhotos(look(), 5)).toThrow(/photo count must be 1 to 4/);
  });

  it('are rendered once into a kept folder (RUEDAS_DEMO_PHOTO_CACHE) and read from it after, the same bytes', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ruedas-demo-photos-'));
    try {
      const [drawn] = await drawPhotos(look({ seed: 7 }), 1);
      const [first] = await drawPhotos(look({ seed: 7 }), 1, folder);
      expect(first).toEqual(drawn);
      const files = await readdir(folder);
      expect(files).toHaveLength(1);
      // What is read is the kept file: altered, the next drawing answers it.
      const kept = deserialize(await readFile(join(folder, files[0] as string))) as NonNullable<typeof first>;
      await writeFile(join(folder, files[0] as string), serialize({ ...kept, hash: 'kept' }));
      const [again] = await drawPhotos(look({ seed: 7 }), 1, folder);
      expect(again).toEqual({ ...drawn, hash: 'kept' });
      // Another car (another seed, another view) is another file; a broken file is rendered again.
      await drawPhotos(look({ seed: 8 }), 2, folder);
      expect(await readdir(folder)).toHaveLength(3);
      await writeFile(join(folder, files[0] as string), 'not a photo');
      expect((await drawPhotos(look({ seed: 7 }), 1, folder))[0]).toEqual(drawn);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
