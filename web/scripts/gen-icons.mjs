// Draws public/icon-192.png and public/icon-512.png from public/favicon.svg, for the web
// manifest, and public/icon-maskable-512.png: the same drawing shrunk into the middle of a
// full square of the favicon's background, which a phone may crop to a circle or any shape
// (the safe zone is the middle circle of 80 % of the width). It knows the few SVG shapes the favicon uses (<rect rx>, <circle>, and <path> with
// M, L, H, V and Z, absolute or relative); anything else in the file is an error.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(resolve(root, 'public/favicon.svg'), 'utf8');

const attr = (tag, name, fallback) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  if (m) return m[1];
  if (fallback === undefined) throw new Error(`${name} missing in ${tag}`);
  return fallback;
};
const num = (tag, name, fallback) => Number(attr(tag, name, fallback === undefined ? undefined : String(fallback)));
const color = (hex) => {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`colour ${hex} is not #rgb or #rrggbb`);
  const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** Polygon of an SVG path made of straight lines. */
function polygon(d) {
  const pts = [];
  let x = 0;
  let y = 0;
  const tokens = d.match(/[a-zA-Z]|-?\d*\.?\d+/g) ?? [];
  let cmd = '';
  for (let i = 0; i < tokens.length; ) {
    if (/[a-zA-Z]/.test(tokens[i])) cmd = tokens[i++];
    const rel = cmd === cmd.toLowerCase();
    const next = () => Number(tokens[i++]);
    switch (cmd.toUpperCase()) {
      case 'M':
      case 'L': {
        const a = next();
        const b = next();
        x = rel ? x + a : a;
        y = rel ? y + b : b;
        break;
      }
      case 'H':
        x = rel ? x + next() : next();
        break;
      case 'V':
        y = rel ? y + next() : next();
        break;
      case 'Z':
        continue;
      default:
        throw new Error(`path command ${cmd} is not supported`);
    }
    pts.push([x, y]);
  }
  return pts;
}

const viewBox = attr(/<svg\b[^>]*>/.exec(svg)[0], 'viewBox').split(/\s+/).map(Number);
const shapes = [];
for (const [tag, kind] of svg.matchAll(/<(rect|circle|path)\b[^>]*>/g)) {
  const fill = color(attr(tag, 'fill'));
  if (kind === 'rect') {
    const [x, y, w, h] = [num(tag, 'x', 0), num(tag, 'y', 0), num(tag, 'width'), num(tag, 'height')];
    const r = num(tag, 'rx', 0);
    shapes.push({
      fill,
      inside: (px, py) => {
        if (px < x || py < y || px > x + w || py > y + h) return false;
        const cx = Math.min(Math.max(px, x + r), x + w - r);
        const cy = Math.min(Math.max(py, y + r), y + h - r);
        return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
      },
    });
  } else if (kind === 'circle') {
    const [cx, cy, r] = [num(tag, 'cx'), num(tag, 'cy'), num(tag, 'r')];
    shapes.push({ fill, inside: (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r });
  } else {
    const pts = polygon(attr(tag, 'd'));
    shapes.push({
      fill,
      inside: (px, py) => {
        let inside = false;
        for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
          const [xi, yi] = pts[i];
          const [xj, yj] = pts[j];
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        }
        return inside;
      },
    });
  }
}
const leftover = svg.replace(/<\/?(svg|rect|circle|path)\b[^>]*>/g, '').trim();
if (leftover !== '') throw new Error(`favicon.svg has content this script does not draw: ${leftover}`);

/** How much of the width the drawing takes in the maskable icon: its corners stay inside the safe circle. */
const MASKABLE_SCALE = 0.7;

/**
 * RGBA pixels of the favicon at size × size, 4 × 4 samples per pixel; `maskable` shrinks it
 * around its centre and fills the rest with its first shape's colour.
 */
function draw(size, { maskable = false } = {}) {
  const scale = maskable ? MASKABLE_SCALE : 1;
  const [bx, by, bw, bh] = viewBox;
  const [vw, vh] = [bw / scale, bh / scale];
  const [vx, vy] = [bx + (bw - vw) / 2, by + (bh - vh) / 2];
  const background = maskable ? shapes[0].fill : null;
  const px = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = vx + ((col + (sx + 0.5) / n) / size) * vw;
          const y = vy + ((row + (sy + 0.5) / n) / size) * vh;
          let hit = background;
          for (const s of shapes) if (s.inside(x, y)) hit = s.fill;
          if (hit) {
            r += hit[0];
            g += hit[1];
            b += hit[2];
            a++;
          }
        }
      }
      const o = (row * size + col) * 4;
      if (a > 0) {
        px[o] = Math.round(r / a);
        px[o + 1] = Math.round(g / a);
        px[o + 2] = Math.round(b / a);
        px[o + 3] = Math.round((a / (n * n)) * 255);
      }
    }
  }
  return px;
}

function png(size, rgba) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row++) rgba.copy(raw, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  writeFileSync(resolve(root, `public/icon-${size}.png`), png(size, draw(size)));
}
writeFileSync(resolve(root, 'public/icon-maskable-512.png'), png(512, draw(512, { maskable: true })));
