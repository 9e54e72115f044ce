import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import sharp from 'sharp';
import { COLOURS, type Style } from '@ruedas/domain';
import { photoHash, VARIANT_SIZES, type EncodedVariant, type ProcessedPhoto } from '@ruedas/media';
import { Random } from './random';

/** What a drawing needs to know of an ad. */
export interface CarLook {
  style: Style;
  /** The ad's colour text (a colour name in Spanish or English); an unknown one is painted grey. */
  exteriorColor: string;
  interiorColor: string;
  /** Varies the scene (sky, hills, trees) between ads of the same look. */
  seed: number;
}

/** The drawing's own units; photos are rendered smaller (see PHOTO_SIZE). */
const PHOTO_WIDTH = 1200;
const PHOTO_HEIGHT = 800;
/**
 * The stored size. Encoding dominates the seeding time, and 960 by 640 keeps a few hundred ads'
 * photos within seconds on two cores while still filling the ad page's carousel.
 */
export const PHOTO_SIZE = { width: 960, height: 640 } as const;

/** The views of an ad's photos, in order: the cover is the side view. */
export const VIEWS = ['side', 'front', 'rear-side', 'interior'] as const;
export type View = (typeof VIEWS)[number];

const PAINT: Record<string, string> = {
  BEIGE: '#d8c6a0',
  BLACK: '#1d1f22',
  BLUE: '#1f4e9c',
  BROWN: '#6b4428',
  GREEN: '#2f6b3a',
  GREY: '#7c8288',
  RED: '#b3202a',
  SILVER: '#b9bec4',
  WHITE: '#f2f3f1',
  GOLD: '#c9a44c',
  ORANGE: '#e06a1b',
  YELLOW: '#e8c21c',
  WINE: '#6d1a2c',
  PURPLE: '#5b2d82',
  CHAMPAGNE: '#e3d3b0',
};

const colourByName = new Map(COLOURS.flatMap((c) => [[c.label.es.toLowerCase(), c.code], [c.label.en.toLowerCase(), c.code]] as const));

/** The paint of a colour name, in either language. */
export function paintOf(colourName: string): string {
  return PAINT[colourByName.get(colourName.trim().toLowerCase()) ?? 'GREY'] as string;
}

/** Shade a #rrggbb colour: negative darkens, positive lightens. */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const target = amount < 0 ? 0 : 255;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

type Family = 'sedan' | 'hatchback' | 'coupe' | 'convertible' | 'suv' | 'pickup' | 'van' | 'panel' | 'truck';

const FAMILY: Record<Style, Family> = {
  SEDAN: 'sedan',
  HATCHBACK: 'hatchback',
  COUPE: 'coupe',
  CONVERTIBLE: 'convertible',
  TODO_TERRENO_4X2: 'suv',
  TODO_TERRENO_4X4: 'suv',
  PICK_UP_4X2: 'pickup',
  PICK_UP_4X4: 'pickup',
  VAN: 'van',
  PANEL: 'panel',
  CAMION: 'truck',
};

/**
 * A side profile in a unit box: x 0 (rear) to 1 (front), y 0 (ground) to 1 (roof of the tallest
 * body). `body` is the outline, `glass` the side windows, `wheels` the axle positions along x,
 * `clearance` the height of the sills, `wheel` the wheel radius (in height units).
 */
interface Profile {
  length: number;
  height: number;
  body: Array<[number, number]>;
  glass: Array<Array<[number, number]>>;
  wheels: [number, number];
  wheel: number;
}

const PROFILES: Record<Family, Profile> = {
  sedan: {
    length: 1,
    height: 0.3,
    body: [[0, 0.18], [0.02, 0.5], [0.22, 0.55], [0.32, 0.92], [0.62, 0.95], [0.74, 0.58], [0.97, 0.5], [1, 0.3], [1, 0.18]],
    glass: [[[0.33, 0.58], [0.39, 0.86], [0.5, 0.88], [0.5, 0.58]], [[0.52, 0.58], [0.52, 0.88], [0.61, 0.88], [0.7, 0.58]]],
    wheels: [0.18, 0.8],
    wheel: 0.33,
  },
  hatchback: {
    length: 0.85,
    height: 0.32,
    body: [[0, 0.18], [0.01, 0.55], [0.08, 0.9], [0.55, 0.95], [0.72, 0.58], [0.97, 0.5], [1, 0.3], [1, 0.18]],
    glass: [[[0.1, 0.6], [0.13, 0.85], [0.34, 0.88], [0.34, 0.6]], [[0.36, 0.6], [0.36, 0.88], [0.54, 0.88], [0.68, 0.6]]],
    wheels: [0.17, 0.8],
    wheel: 0.33,
  },
  coupe: {
    length: 1,
    height: 0.27,
    body: [[0, 0.2], [0.02, 0.5], [0.2, 0.56], [0.36, 0.93], [0.56, 0.95], [0.7, 0.56], [0.97, 0.46], [1, 0.28], [1, 0.2]],
    glass: [[[0.37, 0.58], [0.43, 0.86], [0.55, 0.88], [0.66, 0.58]]],
    wheels: [0.18, 0.8],
    wheel: 0.36,
  },
  convertible: {
    length: 0.95,
    height: 0.24,
    body: [[0, 0.2], [0.02, 0.62], [0.4, 0.64], [0.58, 0.64], [0.64, 0.95], [0.66, 0.95], [0.68, 0.62], [0.97, 0.55], [1, 0.3], [1, 0.2]],
    glass: [],
    wheels: [0.18, 0.8],
    wheel: 0.4,
  },
  suv: {
    length: 1,
    height: 0.4,
    body: [[0, 0.22], [0.01, 0.9], [0.05, 0.97], [0.62, 0.97], [0.75, 0.62], [0.98, 0.56], [1, 0.34], [1, 0.22]],
    glass: [
      [[0.05, 0.64], [0.06, 0.9], [0.24, 0.9], [0.24, 0.64]],
      [[0.26, 0.64], [0.26, 0.9], [0.44, 0.9], [0.44, 0.64]],
      [[0.46, 0.64], [0.46, 0.9], [0.61, 0.9], [0.71, 0.64]],
    ],
    wheels: [0.17, 0.8],
    wheel: 0.3,
  },
  pickup: {
    length: 1.1,
    height: 0.38,
    body: [[0, 0.22], [0, 0.6], [0.42, 0.6], [0.42, 0.97], [0.64, 0.97], [0.75, 0.62], [0.98, 0.56], [1, 0.34], [1, 0.22]],
    glass: [[[0.44, 0.64], [0.44, 0.9], [0.53, 0.9], [0.53, 0.64]], [[0.55, 0.64], [0.55, 0.9], [0.63, 0.9], [0.71, 0.64]]],
    wheels: [0.17, 0.82],
    wheel: 0.3,
  },
  van: {
    length: 1.05,
    height: 0.48,
    body: [[0, 0.15], [0, 0.95], [0.03, 1], [0.78, 1], [0.9, 0.62], [0.99, 0.5], [1, 0.3], [1, 0.15]],
    glass: [
      [[0.04, 0.62], [0.04, 0.9], [0.26, 0.9], [0.26, 0.62]],
      [[0.28, 0.62], [0.28, 0.9], [0.52, 0.9], [0.52, 0.62]],
      [[0.54, 0.62], [0.54, 0.9], [0.76, 0.9], [0.86, 0.62]],
    ],
    wheels: [0.15, 0.83],
    wheel: 0.24,
  },
  panel: {
    length: 1.05,
    height: 0.48,
    body: [[0, 0.15], [0, 0.95], [0.03, 1], [0.78, 1], [0.9, 0.62], [0.99, 0.5], [1, 0.3], [1, 0.15]],
    glass: [[[0.62, 0.62], [0.62, 0.9], [0.76, 0.9], [0.86, 0.62]]],
    wheels: [0.15, 0.83],
    wheel: 0.24,
  },
  truck: {
    length: 1.2,
    height: 0.55,
    body: [[0, 0.2], [0, 1], [0.68, 1], [0.68, 0.8], [0.7, 0.8], [0.7, 0.9], [0.88, 0.9], [0.98, 0.6], [1, 0.2]],
    glass: [[[0.73, 0.6], [0.73, 0.84], [0.87, 0.84], [0.94, 0.6]]],
    wheels: [0.2, 0.82],
    wheel: 0.22,
  },
};

const points = (list: Array<[number, number]>, place: (p: [number, number]) => [number, number]) =>
  list.map((p) => place(p).map((v) => v.toFixed(1)).join(',')).join(' ');

/** The sky, hills (a hint of the Central Valley's volcanoes), trees and the road. */
function scene(random: Random, horizon: number): string {
  const skies = [
    ['#7fb8e8', '#d9ecfa'],
    ['#5a9bd8', '#bfe0f5'],
    ['#f2a65a', '#fbe3b8'],
    ['#9cc7e6', '#eef6fb'],
  ] as const;
  const [top, bottom] = random.pick(skies);
  const hills = Array.from({ length: 3 }, (_, layer) => {
    const base = horizon - 10 + layer * 25;
    const peaks = Array.from({ length: 5 }, (_, i) => `${(i * 300 + random.int(-60, 60)).toFixed(0)},${(base - random.int(40, 170) + layer * 30).toFixed(0)}`);
    const green = ['#5f8f6a', '#4d7f4f', '#3f6d3c'][layer];
    return `<polygon fill="${green}" points="0,${base} ${peaks.join(' ')} ${PHOTO_WIDTH},${base - random.int(20, 90)} ${PHOTO_WIDTH},${horizon + 60} 0,${horizon + 60}"/>`;
  }).join('');
  const volcano = random.chance(0.6)
    ? `<polygon fill="#7d8f9c" opacity="0.7" points="${random.int(100, 700)},${horizon - 10} ${random.int(780, 900)},${horizon - random.int(200, 260)} ${random.int(930, 960)},${horizon - random.int(200, 260)} ${random.int(1050, 1200)},${horizon - 10}"/>`
    : '';
  const palms = Array.from({ length: random.int(1, 3) }, () => {
    const x = random.int(20, PHOTO_WIDTH - 20);
    const y = horizon + random.int(20, 50);
    const h = random.int(120, 190);
    const leaves = [-70, -35, 0, 35, 70]
      .map((angle) => `<ellipse cx="${x}" cy="${y - h - 30}" rx="14" ry="60" fill="#2e6b34" transform="rotate(${angle} ${x} ${y - h})"/>`)
      .join('');
    return `<rect x="${x - 5}" y="${y - h}" width="10" height="${h}" fill="#7a5a3a"/>${leaves}`;
  }).join('');
  const road = horizon + 70;
  return [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`,
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="${random.int(80, 1100)}" cy="${random.int(60, 140)}" r="${random.int(30, 50)}" fill="#fff6d5" opacity="0.8"/>`,
    volcano,
    hills,
    `<rect y="${horizon + 40}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="#6f9f4e"/>`,
    palms,
    `<rect y="${road}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT - road}" fill="#55585c"/>`,
    `<line x1="0" x2="${PHOTO_WIDTH}" y1="${road + 150}" y2="${road + 150}" stroke="#f1f1e6" stroke-width="8" stroke-dasharray="60 50"/>`,
  ].join('');
}

function wheel(cx: number, cy: number, r: number): string {
  return [
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1b1b1b"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.6}" fill="#c7cbd0"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.18}" fill="#6d7278"/>`,
    ...[0, 72, 144, 216, 288].map(
      (a) => `<rect x="${cx - r * 0.05}" y="${cy - r * 0.55}" width="${r * 0.1}" height="${r * 0.45}" fill="#8c9197" transform="rotate(${a} ${cx} ${cy})"/>`,
    ),
  ].join('');
}

/** The car seen from the side, facing right (or left when `mirror`), standing on the road at `ground`. */
function sideView(look: CarLook, ground: number, scale: number, mirror: boolean): string {
  const profile = PROFILES[FAMILY[look.style]];
  const paint = paintOf(look.exteriorColor);
  const length = 900 * profile.length * scale;
  const height = 900 * profile.height * scale;
  const left = (PHOTO_WIDTH - length) / 2;
  const place = ([x, y]: [number, number]): [number, number] => [left + (mirror ? 1 - x : x) * length, ground - y * height];
  const radius = profile.wheel * height;
  const axleY = ground - radius * 0.15;
  const glass = profile.glass.map((window) => `<polygon fill="#2b3a48" opacity="0.85" points="${points(window, place)}"/>`).join('');
  const [front, rear] = mirror ? [left + 0.01 * length, left + 0.99 * length] : [left + 0.99 * length, left + 0.01 * length];
  return [
    `<ellipse cx="${PHOTO_WIDTH / 2}" cy="${ground + 6}" rx="${length * 0.55}" ry="${18 * scale}" fill="#000" opacity="0.3"/>`,
    `<polygon fill="${paint}" stroke="${shade(paint, -0.35)}" stroke-width="${4 * scale}" stroke-linejoin="round" points="${points(profile.body, place)}"/>`,
    `<line x1="${place([0.03, 0.4])[0]}" y1="${place([0.03, 0.4])[1]}" x2="${place([0.97, 0.4])[0]}" y2="${place([0.97, 0.4])[1]}" stroke="${shade(paint, -0.2)}" stroke-width="${3 * scale}"/>`,
    glass,
    `<ellipse cx="${front}" cy="${ground - height * 0.42}" rx="${9 * scale}" ry="${12 * scale}" fill="#fff4c2"/>`,
    `<ellipse cx="${rear}" cy="${ground - height * 0.45}" rx="${7 * scale}" ry="${12 * scale}" fill="#d22"/>`,
    ...profile.wheels.map((x) => wheel(place([x, 0])[0], axleY, radius)),
  ].join('');
}

/** The car seen from the front: grille, headlights, windscreen, mirrors and the two front wheels. */
function frontView(look: CarLook, ground: number): string {
  const profile = PROFILES[FAMILY[look.style]];
  const paint = paintOf(look.exteriorColor);
  const height = 900 * profile.height * 1.25;
  const width = 560 + (profile.height - 0.3) * 400;
  const left = (PHOTO_WIDTH - width) / 2;
  const top = ground - height;
  const hood = top + height * 0.45;
  const open = FAMILY[look.style] === 'convertible';
  return [
    `<ellipse cx="${PHOTO_WIDTH / 2}" cy="${ground + 8}" rx="${width * 0.6}" ry="22" fill="#000" opacity="0.3"/>`,
    wheel(left + 50, ground - 40, 55),
    wheel(left + width - 50, ground - 40, 55),
    `<path d="M${left + width * 0.16},${hood} L${left + width * 0.24},${top} L${left + width * 0.76},${top} L${left + width * 0.84},${hood} Z" fill="${open ? 'none' : paint}" stroke="${shade(paint, -0.35)}" stroke-width="4"/>`,
    `<path d="M${left + width * 0.2},${hood - 6} L${left + width * 0.27},${top + 14} L${left + width * 0.73},${top + 14} L${left + width * 0.8},${hood - 6} Z" fill="#2b3a48" opacity="0.85"/>`,
    `<rect x="${left}" y="${hood}" width="${width}" height="${ground - 30 - hood}" rx="30" fill="${paint}" stroke="${shade(paint, -0.35)}" stroke-width="4"/>`,
    `<rect x="${left + width * 0.3}" y="${hood + 40}" width="${width * 0.4}" height="${(ground - hood) * 0.3}" rx="12" fill="#222"/>`,
    `<rect x="${left + 30}" y="${hood + 35}" width="${width * 0.18}" height="36" rx="14" fill="#fff4c2"/>`,
    `<rect x="${left + width - 30 - width * 0.18}" y="${hood + 35}" width="${width * 0.18}" height="36" rx="14" fill="#fff4c2"/>`,
    `<rect x="${left + width * 0.4}" y="${ground - 80}" width="${width * 0.2}" height="34" fill="#f4f4f4" stroke="#333" stroke-width="2"/>`,
    `<rect x="${left - 30}" y="${hood - 30}" width="40" height="26" rx="8" fill="${paint}" stroke="${shade(paint, -0.35)}" stroke-width="3"/>`,
    `<rect x="${left + width - 10}" y="${hood - 30}" width="40" height="26" rx="8" fill="${paint}" stroke="${shade(paint, -0.35)}" stroke-width="3"/>`,
  ].join('');
}

/** Inside: the dashboard in the ad's colours, the wheel, the seats and the road through the windscreen. */
function interiorView(look: CarLook): string {
  const trim = paintOf(look.interiorColor);
  const paint = paintOf(look.exteriorColor);
  return [
    `<rect y="380" width="${PHOTO_WIDTH}" height="420" fill="${shade(trim, -0.45)}"/>`,
    `<path d="M0,380 Q600,300 1200,380 L1200,520 L0,520 Z" fill="${shade(trim, -0.25)}"/>`,
    `<rect x="0" y="0" width="70" height="420" fill="${paint}"/>`,
    `<rect x="1130" y="0" width="70" height="420" fill="${paint}"/>`,
    `<rect x="0" y="0" width="${PHOTO_WIDTH}" height="40" fill="${shade(trim, -0.3)}"/>`,
    `<rect x="520" y="400" width="160" height="90" rx="10" fill="#0f1720"/>`,
    `<rect x="532" y="412" width="136" height="66" rx="6" fill="#2d6fa3"/>`,
    `<circle cx="330" cy="520" r="150" fill="none" stroke="#1b1b1b" stroke-width="34"/>`,
    `<rect x="305" y="520" width="50" height="150" fill="#1b1b1b"/>`,
    `<circle cx="330" cy="520" r="40" fill="#2b2b2b"/>`,
    `<rect x="700" y="560" width="380" height="260" rx="60" fill="${trim}" stroke="${shade(trim, -0.3)}" stroke-width="6"/>`,
    `<rect x="560" y="560" width="100" height="240" rx="20" fill="${shade(trim, -0.35)}"/>`,
  ].join('');
}

/** The SVG of one view of the car in its scene. */
export function carSvg(look: CarLook, view: View): string {
  const random = new Random(look.seed * 7 + VIEWS.indexOf(view));
  const horizon = view === 'interior' ? 300 : random.int(330, 400);
  let car: string;
  switch (view) {
    case 'side':
      car = sideView(look, 690, 1, false);
      break;
    case 'front':
      car = frontView(look, 720);
      break;
    case 'rear-side':
      car = sideView(look, 740, 1.18, true);
      break;
    case 'interior':
      car = interiorView(look);
      break;
  }
  const { width, height } = PHOTO_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">${scene(random, horizon)}${car}</svg>`;
}

const THUMB = { width: VARIANT_SIZES.thumb, height: Math.round((VARIANT_SIZES.thumb * PHOTO_SIZE.height) / PHOTO_SIZE.width) };
const WEBP = { quality: 75, effort: 0 } as const;
const JPEG = { quality: 82 } as const;
/** Raised when what a drawing is turned into changes other than by its SVG, sizes, encoders' options or libvips. */
const RENDERING = 1;

/** The drawing rendered and encoded into every variant the photo library stores. */
async function render(svg: string): Promise<ProcessedPhoto> {
  const rendered = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: rendered.info.width, height: rendered.info.height, channels: rendered.info.channels } };
  const image = () => sharp(rendered.data, raw);
  const thumb = () => image().resize(THUMB.width, THUMB.height);
  const encode = async (variant: EncodedVariant['variant'], size: { width: number; height: number }, pipeline: sharp.Sharp): Promise<EncodedVariant[]> => [
    { variant, encoding: 'webp', ...size, body: await pipeline.clone().webp(WEBP).toBuffer() },
    { variant, encoding: 'jpeg', ...size, body: await pipeline.clone().jpeg(JPEG).toBuffer() },
  ];
  const variants = (await Promise.all([encode('display', PHOTO_SIZE, image()), encode('thumb', THUMB, thumb())])).flat();
  return { ...PHOTO_SIZE, variants, hash: await photoHash(rendered.data, raw.raw) };
}

/**
 * The rendering of `svg` kept in `folder` (RUEDAS_DEMO_PHOTO_CACHE), under the digest of everything
 * it is made from: the same drawing is rendered once for every data folder seeded with it (the
 * browser tests seed some 35 servers from one catalogue). Written whole and renamed, so two seedings
 * at once read a whole file or render it themselves; an unreadable file is rendered again.
 */
async function renderKept(svg: string, folder: string): Promise<ProcessedPhoto> {
  const key = createHash('sha256')
    .update(JSON.stringify({ svg, PHOTO_SIZE, THUMB, WEBP, JPEG, RENDERING, vips: sharp.versions.vips }))
    .digest('hex');
  const file = join(folder, `${key}.photo`);
  try {
    const kept = deserialize(await readFile(file)) as ProcessedPhoto;
    if (Array.isArray(kept.variants) && kept.variants.every((variant) => Buffer.isBuffer(variant.body))) return kept;
  } catch {
    // Not rendered yet (or not whole): rendered below.
  }
  const photo = await render(svg);
  await mkdir(folder, { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, serialize(photo));
  await rename(temporary, file);
  return photo;
}

/**
 * One photo of the car, encoded into every variant the photo library stores (display and thumbnail,
 * WebP and JPEG). The drawing is ours and already clean, so it skips the upload pipeline's checks
 * and its slow, thorough encoders: rendered once, encoded fast; with `keptIn`, rendered once for
 * every seeding that uses that folder.
 */
export function drawPhoto(look: CarLook, view: View, keptIn?: string): Promise<ProcessedPhoto> {
  const svg = carSvg(look, view);
  return keptIn ? renderKept(svg, keptIn) : render(svg);
}

/** The first `count` views of the car (1 to 4), cover first (`keptIn`: see drawPhoto). */
export function drawPhotos(look: CarLook, count: number, keptIn?: string): Promise<ProcessedPhoto[]> {
  if (!Number.isInteger(count) || count < 1 || count > VIEWS.length) throw new RangeError(`photo count must be 1 to ${VIEWS.length}, got ${count}`);
  return Promise.all(VIEWS.slice(0, count).map((view) => drawPhoto(look, view, keptIn)));
}
