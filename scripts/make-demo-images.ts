/**
 * Draws the demo images (studio banners, studio logos, job pictures, performer portraits) pixel by pixel
 * and writes them as small WebP files to src/web/public/demo/, which Vite ships
 * as /demo/*. Deterministic: the same files come out on every run.
 *
 *   npx tsx scripts/make-demo-images.ts
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_IMAGES } from '../src/server/seed/data.js';

const outDir = fileURLToPath(new URL('../src/web/public/demo/', import.meta.url));
const MAX_BYTES = 30 * 1024;

type RGB = readonly [number, number, number];

const hex = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const smooth = (e0: number, e1: number, x: number) => {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Canvas {
  readonly px: Float32Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.px = new Float32Array(w * h * 3);
  }

  /** Fills with a gradient from `a` to `b` along the direction `angle` (radians). */
  gradient(a: RGB, b: RGB, angle = Math.PI / 2) {
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    const span = Math.abs(dx) * this.w + Math.abs(dy) * this.h;
    for (let y = 0; y < this.h; y += 1) {
      for (let x = 0; x < this.w; x += 1) {
        const t = clamp01(((x - this.w / 2) * dx + (y - this.h / 2) * dy) / span + 0.5);
        this.set(x, y, mix(a, b, t), 1);
      }
    }
  }

  /** Blends `color` into every pixel where `coverage(x, y)` > 0. */
  paint(color: RGB, coverage: (x: number, y: number) => number, box?: [number, number, number, number], additive = false) {
    const [x0, y0, x1, y1] = box ?? [0, 0, this.w, this.h];
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.h, Math.ceil(y1)); y += 1) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.w, Math.ceil(x1)); x += 1) {
        const c = coverage(x + 0.5, y + 0.5);
        if (c <= 0) continue;
        if (additive) this.add(x, y, color, c);
        else this.set(x, y, color, c);
      }
    }
  }

  set(x: number, y: number, c: RGB, alpha: number) {
    const i = (y * this.w + x) * 3;
    this.px[i] = this.px[i]! + (c[0] - this.px[i]!) * alpha;
    this.px[i + 1] = this.px[i + 1]! + (c[1] - this.px[i + 1]!) * alpha;
    this.px[i + 2] = this.px[i + 2]! + (c[2] - this.px[i + 2]!) * alpha;
  }

  add(x: number, y: number, c: RGB, alpha: number) {
    const i = (y * this.w + x) * 3;
    this.px[i] = this.px[i]! + c[0] * alpha;
    this.px[i + 1] = this.px[i + 1]! + c[1] * alpha;
    this.px[i + 2] = this.px[i + 2]! + c[2] * alpha;
  }

  circle(cx: number, cy: number, r: number, color: RGB, alpha = 1, blur = 1) {
    this.paint(color, (x, y) => alpha * (1 - smooth(r - blur, r + blur, Math.hypot(x - cx, y - cy))), [cx - r - blur, cy - r - blur, cx + r + blur, cy + r + blur]);
  }

  ring(cx: number, cy: number, r: number, width: number, color: RGB, alpha = 1) {
    this.paint(color, (x, y) => alpha * (1 - smooth(width / 2 - 1, width / 2 + 1, Math.abs(Math.hypot(x - cx, y - cy) - r))), [cx - r - width, cy - r - width, cx + r + width, cy + r + width]);
  }

  roundRect(x0: number, y0: number, x1: number, y1: number, radius: number, color: RGB, alpha = 1) {
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const hw = (x1 - x0) / 2 - radius;
    const hh = (y1 - y0) / 2 - radius;
    this.paint(color, (x, y) => {
      const qx = Math.abs(x - cx) - hw;
      const qy = Math.abs(y - cy) - hh;
      const d = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
      return alpha * (1 - smooth(-1, 1, d));
    }, [x0 - 2, y0 - 2, x1 + 2, y1 + 2]);
  }

  /** A convex polygon, points in either winding order. */
  polygon(corners: [number, number][], color: RGB, alpha = 1) {
    let area = 0;
    for (let i = 0; i < corners.length; i += 1) {
      const [ax, ay] = corners[i]!;
      const [bx, by] = corners[(i + 1) % corners.length]!;
      area += ax * by - bx * ay;
    }
    const points = area < 0 ? [...corners].reverse() : corners;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.paint(color, (x, y) => {
      let inside = Infinity;
      for (let i = 0; i < points.length; i += 1) {
        const [ax, ay] = points[i]!;
        const [bx, by] = points[(i + 1) % points.length]!;
        const len = Math.hypot(bx - ax, by - ay);
        // Signed distance to each edge, positive inside.
        inside = Math.min(inside, ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / len);
      }
      return alpha * smooth(-1, 1, inside);
    }, [Math.min(...xs) - 2, Math.min(...ys) - 2, Math.max(...xs) + 2, Math.max(...ys) + 2]);
  }

  /** A soft cone of light from (x, y0) down to a pool of width `spread` at y1. */
  spotlight(x: number, y0: number, y1: number, spread: number, color: RGB, alpha: number) {
    this.paint(color, (px, py) => {
      const t = (py - y0) / (y1 - y0);
      if (t <= 0) return 0;
      const half = 4 + (spread / 2) * t;
      const across = Math.abs(px - x) / half;
      return alpha * (1 - smooth(0.6, 1.05, across)) * (0.35 + 0.65 * t);
    }, undefined, true);
  }

  vignette(strength: number) {
    for (let y = 0; y < this.h; y += 1) {
      for (let x = 0; x < this.w; x += 1) {
        const d = Math.hypot((x - this.w / 2) / (this.w / 2), (y - this.h / 2) / (this.h / 2)) / Math.SQRT2;
        this.set(x, y, [0, 0, 0], strength * smooth(0.45, 1, d));
      }
    }
  }

  async save(name: string, quality: number) {
    const raw = Buffer.alloc(this.w * this.h * 3);
    for (let i = 0; i < raw.length; i += 1) raw[i] = Math.round(Math.min(255, Math.max(0, this.px[i]!)));
    const file = path.join(outDir, name);
    let q = quality;
    for (;;) {
      await sharp(raw, { raw: { width: this.w, height: this.h, channels: 3 } }).webp({ quality: q, effort: 6 }).toFile(file);
      const { size } = await stat(file);
      if (size <= MAX_BYTES || q <= 30) return size;
      q -= 8;
    }
  }
}

const PALETTES: [string, string, string][] = [
  ['#1b1140', '#5b2a86', '#f7b32b'],
  ['#0f2b3d', '#1f7a8c', '#f4d35e'],
  ['#3a0e2e', '#b33f62', '#f9c80e'],
  ['#10162f', '#3454d1', '#ff8c42'],
  ['#13293d', '#006494', '#e8f1f2'],
  ['#2b1b17', '#a44a3f', '#f2cc8f'],
  ['#1a2f1f', '#3f7d20', '#f3de8a'],
  ['#231942', '#5e548e', '#e0b1cb'],
];
const palette = (i: number) => PALETTES[i % PALETTES.length]!.map(hex) as [RGB, RGB, RGB];

function bokeh(c: Canvas, rnd: () => number, count: number, color: RGB, maxR: number) {
  for (let i = 0; i < count; i += 1) {
    const r = maxR * (0.3 + rnd() * 0.7);
    c.circle(rnd() * c.w, rnd() * c.h, r, color, 0.08 + rnd() * 0.18, r * 0.25);
  }
}

/** Wide studio banners: a stage, a skyline, a film strip, an equaliser, waves, a gold bokeh. */
function banner(i: number): Canvas {
  const c = new Canvas(1200, 400);
  const [dark, mid, light] = palette(i);
  const rnd = random(100 + i);
  c.gradient(dark, mid, Math.PI / 2 + 0.3);
  switch (i % 6) {
    case 0: {
      for (const x of [300, 600, 900]) c.spotlight(x, -20, 400, 420, mix(light, [255, 255, 255], 0.4), 0.35);
      c.paint(light, (x, y) => 0.5 * (1 - smooth(0, 1, Math.hypot((x - 600) / 520, (y - 390) / 60))));
      c.roundRect(-10, 360, 1210, 420, 0, dark, 0.85);
      break;
    }
    case 1: {
      c.circle(900, 250, 120, light, 0.9, 3);
      let x = 0;
      while (x < 1200) {
        const w = 40 + rnd() * 70;
        const h = 80 + rnd() * 200;
        c.roundRect(x, 400 - h, x + w - 6, 410, 3, dark, 0.95);
        for (let wy = 400 - h + 14; wy < 390; wy += 22) {
          for (let wx = x + 8; wx < x + w - 16; wx += 16) if (rnd() < 0.35) c.roundRect(wx, wy, wx + 7, wy + 10, 1, light, 0.7);
        }
        x += w;
      }
      break;
    }
    case 2: {
      bokeh(c, rnd, 30, light, 60);
      c.roundRect(-10, 120, 1210, 280, 0, [12, 12, 16], 0.92);
      for (let x = 10; x < 1200; x += 48) {
        c.roundRect(x, 132, x + 26, 150, 4, light, 0.85);
        c.roundRect(x, 250, x + 26, 268, 4, light, 0.85);
      }
      for (let k = 0; k < 6; k += 1) c.roundRect(30 + k * 200, 162, 190 + k * 200, 238, 6, mix(mid, light, k / 6), 0.8);
      break;
    }
    case 3: {
      const bars = 40;
      for (let k = 0; k < bars; k += 1) {
        const h = 40 + 260 * Math.abs(Math.sin(k * 0.45) * Math.cos(k * 0.17 + 1));
        const x = 20 + k * 29;
        c.roundRect(x, 360 - h, x + 18, 360, 9, mix(mid, light, h / 300), 0.9);
      }
      bokeh(c, rnd, 18, light, 40);
      break;
    }
    case 4: {
      for (let layer = 0; layer < 5; layer += 1) {
        const base = 170 + layer * 50;
        const amp = 18 + layer * 6;
        const color = mix(light, dark, layer / 5);
        c.paint(color, (x, y) => 0.85 * smooth(-1.5, 1.5, y - (base + amp * Math.sin(x / (90 + layer * 25) + layer * 1.7))));
      }
      c.circle(260, 110, 50, [255, 250, 235], 0.95, 2);
      break;
    }
    default: {
      for (let k = 0; k < 70; k += 1) {
        const r = 10 + rnd() * 60;
        c.circle(rnd() * 1200, rnd() * 400, r, mix(light, mid, rnd() * 0.5), 0.12 + rnd() * 0.3, r * 0.2);
      }
    }
  }
  c.vignette(0.45);
  return c;
}

/** Square studio logos: a coloured disc with a simple emblem. */
function logo(i: number): Canvas {
  const c = new Canvas(320, 320);
  const [dark, mid, light] = palette(i + 3);
  c.gradient(mid, dark, Math.PI / 4);
  const white: RGB = [250, 248, 244];
  c.ring(160, 160, 118, 6, light, 0.9);
  switch (i % 6) {
    case 0: // play
      c.polygon([[130, 105], [215, 160], [130, 215]], white);
      break;
    case 1: // lens
      c.ring(160, 160, 70, 14, white);
      c.ring(160, 160, 40, 8, light);
      c.circle(160, 160, 16, white);
      c.circle(185, 135, 8, white, 0.8);
      break;
    case 2: { // star
      const pts: [number, number][] = [];
      for (let k = 0; k < 5; k += 1) {
        const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
        pts.push([160 + 80 * Math.cos(a), 165 + 80 * Math.sin(a)]);
      }
      // Draw the star as five triangles from the centre to each outer point's neighbours.
      for (let k = 0; k < 5; k += 1) {
        const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
        const left = -Math.PI / 2 + ((k - 0.5) * 2 * Math.PI) / 5;
        const right = -Math.PI / 2 + ((k + 0.5) * 2 * Math.PI) / 5;
        c.polygon([[160 + 32 * Math.cos(left), 165 + 32 * Math.sin(left)], [160 + 82 * Math.cos(a), 165 + 82 * Math.sin(a)], [160 + 32 * Math.cos(right), 165 + 32 * Math.sin(right)]], white);
      }
      c.circle(160, 165, 34, white);
      break;
    }
    case 3: // clapperboard
      c.roundRect(95, 150, 225, 230, 8, white);
      c.polygon([[95, 118], [221, 96], [226, 124], [100, 146]], light);
      for (let k = 0; k < 4; k += 1) c.polygon([[112 + k * 30, 116], [128 + k * 30, 113], [118 + k * 30, 143], [102 + k * 30, 146]], dark, 0.9);
      break;
    case 4: // microphone
      c.roundRect(135, 80, 185, 175, 25, white);
      c.ring(160, 150, 45, 8, white);
      c.roundRect(155, 195, 165, 235, 3, white);
      c.roundRect(130, 232, 190, 242, 5, white);
      break;
    default: // equaliser
      for (let k = 0; k < 5; k += 1) {
        const h = [60, 110, 150, 95, 70][k]!;
        c.roundRect(100 + k * 26, 225 - h, 116 + k * 26, 225, 8, k % 2 ? light : white);
      }
  }
  c.vignette(0.25);
  return c;
}

/** Demo performers' portraits: a head-and-shoulders silhouette in a soft studio light. */
function portrait(i: number): Canvas {
  const c = new Canvas(360, 480);
  const [dark, mid, light] = palette(i + 5);
  c.gradient(light, mid, Math.PI / 2);
  c.spotlight(180, -40, 480, 520, [255, 255, 255], 0.25);
  const skin: RGB = ([[241, 194, 155], [198, 134, 92], [141, 85, 54], [224, 172, 130]] as const)[i % 4]!;
  const hair = mix(dark, [20, 14, 10], 0.6);
  // Shoulders, neck, head, hair (longer on every other portrait).
  c.roundRect(60, 360, 300, 520, 90, dark);
  c.roundRect(155, 270, 205, 370, 20, mix(skin, [0, 0, 0], 0.12));
  if (i % 2) c.roundRect(94, 150, 266, 318, 56, hair);
  c.circle(180, 215, 78, skin);
  c.paint(hair, (x, y) => (y < 200 - 0.15 * Math.abs(x - 180) && Math.hypot(x - 180, y - 210) < 84 ? 1 : 0), [90, 120, 270, 210]);
  c.vignette(0.3);
  return c;
}

/** Job pictures: a performer in a spotlight, a microphone, a camera, a dancer's ribbon, headphones. */
function jobImage(i: number): Canvas {
  const c = new Canvas(640, 480);
  const [dark, mid, light] = palette(i + 5);
  const rnd = random(500 + i);
  c.gradient(dark, mid, Math.PI / 2);
  const white: RGB = [248, 246, 240];
  switch (i % 5) {
    case 0: { // figure on stage
      c.spotlight(320, -10, 470, 360, mix(light, white, 0.5), 0.45);
      c.paint(light, (x, y) => 0.55 * (1 - smooth(0, 1, Math.hypot((x - 320) / 200, (y - 430) / 36))));
      c.circle(320, 235, 28, dark);
      c.roundRect(285, 268, 355, 400, 30, dark);
      c.roundRect(292, 380, 314, 440, 10, dark);
      c.roundRect(326, 380, 348, 440, 10, dark);
      break;
    }
    case 1: { // microphone on a stand
      bokeh(c, rnd, 25, light, 50);
      c.roundRect(290, 110, 350, 230, 30, white);
      for (let y = 130; y < 215; y += 14) c.roundRect(296, y, 344, y + 4, 2, mid, 0.5);
      c.ring(320, 200, 52, 9, white);
      c.roundRect(315, 250, 325, 420, 4, white);
      c.roundRect(255, 415, 385, 428, 6, white);
      break;
    }
    case 2: { // camera
      c.roundRect(170, 160, 470, 360, 24, [24, 24, 30]);
      c.roundRect(210, 130, 300, 170, 10, [24, 24, 30]);
      c.ring(320, 262, 78, 16, light);
      c.circle(320, 262, 62, mix(dark, mid, 0.5));
      c.ring(320, 262, 40, 6, white, 0.6);
      c.circle(300, 240, 12, white, 0.7);
      c.circle(430, 195, 10, light);
      break;
    }
    case 3: { // dancer's ribbons
      for (let k = 0; k < 4; k += 1) {
        const phase = k * 0.9;
        const color = mix(light, white, k / 4);
        c.paint(color, (x, y) => {
          const centre = 240 + 110 * Math.sin(x / 95 + phase) * Math.cos(x / 260);
          return 0.7 * (1 - smooth(4 + k * 3, 8 + k * 3, Math.abs(y - centre)));
        });
      }
      bokeh(c, rnd, 20, light, 30);
      break;
    }
    default: { // headphones
      bokeh(c, rnd, 30, light, 45);
      c.paint(white, (x, y) => (y > 260 ? 0 : 1 - smooth(8, 11, Math.abs(Math.hypot(x - 320, y - 260) - 120))));
      c.roundRect(178, 240, 232, 340, 22, light);
      c.roundRect(408, 240, 462, 340, 22, light);
      break;
    }
  }
  c.vignette(0.4);
  return c;
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const made: [string, number][] = [];
  for (let i = 0; i < DEMO_IMAGES.banners; i += 1) made.push([`banner-${i + 1}.webp`, await banner(i).save(`banner-${i + 1}.webp`, 70)]);
  for (let i = 0; i < DEMO_IMAGES.logos; i += 1) made.push([`studio-${i + 1}.webp`, await logo(i).save(`studio-${i + 1}.webp`, 80)]);
  for (let i = 0; i < DEMO_IMAGES.jobs; i += 1) made.push([`job-${i + 1}.webp`, await jobImage(i).save(`job-${i + 1}.webp`, 72)]);
  for (let i = 0; i < DEMO_IMAGES.performers; i += 1) made.push([`performer-${i + 1}.webp`, await portrait(i).save(`performer-${i + 1}.webp`, 72)]);
  for (const [name, size] of made) console.log(`${name.padEnd(18)} ${(size / 1024).toFixed(1)} KB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
