import sharp from 'sharp';

/**
 * Procedural photos for tests and benches (issue 20): a scene like a car ad's cover (sky, ground, a
 * car body with wheels at a place, size and colour of its own, some clutter), drawn from a seed. Two
 * seeds give two different photos of the same kind of scene; `variant` gives the same photo
 * re-encoded (resized, recompressed, lightly brightened), as a scammer copying it would post it.
 */
export interface PictureOptions {
  width?: number;
  height?: number;
  /** JPEG quality. */
  quality?: number;
  /** Brightness factor applied after drawing (1 = unchanged). */
  brightness?: number;
}

function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

const W = 480;
const H = 360;

/** The raw RGB pixels of the scene of `seed`, at 480×360. */
function scene(seed: number): Buffer {
  const next = random(seed * 2_654_435_761);
  const pixels = Buffer.alloc(W * H * 3);
  const horizon = Math.floor(H * (0.4 + next() * 0.25));
  const sky = [120 + next() * 100, 150 + next() * 90, 200 + next() * 55];
  const ground = [60 + next() * 100, 60 + next() * 90, 50 + next() * 70];
  const paint = (x0: number, y0: number, x1: number, y1: number, colour: number[], inside: (x: number, y: number) => boolean = () => true) => {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(H, y1); y += 1) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(W, x1); x += 1) {
        if (!inside(x, y)) continue;
        const at = (y * W + x) * 3;
        pixels[at] = colour[0]!;
        pixels[at + 1] = colour[1]!;
        pixels[at + 2] = colour[2]!;
      }
    }
  };
  for (let y = 0; y < H; y += 1) {
    const base = y < horizon ? sky : ground;
    const shade = y < horizon ? 1 - (y / horizon) * 0.3 : 0.8 + ((y - horizon) / (H - horizon)) * 0.2;
    paint(
      0,
      y,
      W,
      y + 1,
      base.map((c) => Math.min(255, c * shade)),
    );
  }
  for (let i = 0; i < 6; i += 1) {
    const w = 20 + next() * 120;
    const h = 20 + next() * 100;
    const x = next() * W;
    const y = horizon - h + next() * 40;
    paint(x, y, x + w, y + h, [next() * 255, next() * 255, next() * 255]);
  }
  const carW = W * (0.45 + next() * 0.35);
  const carH = carW * (0.25 + next() * 0.12);
  const carX = next() * (W - carW);
  const carY = horizon + next() * (H - horizon - carH - 30);
  const body = [next() * 255, next() * 255, next() * 255];
  paint(carX, carY, carX + carW, carY + carH, body);
  paint(
    carX + carW * 0.2,
    carY - carH * 0.5,
    carX + carW * 0.75,
    carY,
    body.map((c) => c * 0.8),
  );
  const wheel = carH * 0.35;
  for (const cx of [carX + carW * 0.2, carX + carW * 0.8]) {
    const cy = carY + carH;
    paint(cx - wheel, cy - wheel, cx + wheel, cy + wheel, [20, 20, 20], (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= wheel ** 2);
  }
  return pixels;
}

/** The JPEG of the scene of `seed`. */
export async function testPicture(seed: number, options: PictureOptions = {}): Promise<Buffer> {
  const { width = W, height = Math.round((width * H) / W), quality = 85, brightness = 1 } = options;
  return sharp(scene(seed), { raw: { width: W, height: H, channels: 3 } })
    .resize(width, height)
    .modulate({ brightness })
    .jpeg({ quality })
    .toBuffer();
}
