/**
 * Draws the app icon (an indigo tile with a white list card) and writes what electron-builder
 * wants: build/icon.png (512), build/icon.ico (16–256) and build/icon.icns (128–1024).
 * Run once with `npx tsx admin-desktop/scripts/make-icons.ts`; the outputs are committed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

type Rgba = [number, number, number, number];

function roundedRect(x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): boolean {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The design in unit coordinates. */
function sample(x: number, y: number): Rgba {
  if (!roundedRect(x, y, 0.04, 0.04, 0.96, 0.96, 0.2)) return [0, 0, 0, 0];
  const t = (x + y) / 2;
  const tile: Rgba = [Math.round(99 - 40 * t), Math.round(102 - 50 * t), Math.round(241 - 20 * t), 255];
  if (roundedRect(x, y, 0.22, 0.2, 0.78, 0.8, 0.06)) {
    const rows = [0.33, 0.5, 0.67];
    for (const ry of rows) {
      if (roundedRect(x, y, 0.31, ry - 0.035, 0.37, ry + 0.035, 0.03)) return tile;
      if (roundedRect(x, y, 0.42, ry - 0.03, 0.69, ry + 0.03, 0.03)) return [199, 203, 247, 255];
    }
    return [255, 255, 255, 255];
  }
  return tile;
}

function render(size: number): Buffer {
  const ss = 4;
  const out = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const [r, g, b, a] = sample((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size);
          acc[0] += r * a;
          acc[1] += g * a;
          acc[2] += b * a;
          acc[3] += a;
        }
      }
      const i = (py * size + px) * 4;
      const alpha = acc[3] / (ss * ss);
      out[i] = acc[3] ? Math.round(acc[0] / acc[3]) : 0;
      out[i + 1] = acc[3] ? Math.round(acc[1] / acc[3]) : 0;
      out[i + 2] = acc[3] ? Math.round(acc[2] / acc[3]) : 0;
      out[i + 3] = Math.round(alpha);
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function png(size: number): Buffer {
  const rgba = render(size);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** ICO with PNG-compressed entries (Windows Vista and later). */
function ico(sizes: number[]): Buffer {
  const images = sizes.map(png);
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((s, i) => {
    const e = 6 + 16 * i;
    header[e] = s >= 256 ? 0 : s;
    header[e + 1] = s >= 256 ? 0 : s;
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(images[i].length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += images[i].length;
  });
  return Buffer.concat([header, ...images]);
}

/** ICNS with PNG entries: ic07 128, ic08 256, ic09 512, ic10 1024 (512@2x). */
function icns(): Buffer {
  const entries = ([['ic07', 128], ['ic08', 256], ['ic09', 512], ['ic10', 1024]] as const).map(([type, size]) => {
    const data = png(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const body = Buffer.concat(entries);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'icon.png'), png(512));
  await fs.writeFile(path.join(dir, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256]));
  await fs.writeFile(path.join(dir, 'icon.icns'), icns());
  console.log(`icons written to ${dir}`);
}
