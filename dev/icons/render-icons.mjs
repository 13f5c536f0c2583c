// Draws the BOQ Bridge icons (assets/icon-{16,32,64,80,128,192}.png, and icon-outline-32.png for the
// unified manifest: the motif in white on a transparent ground) from vector shapes, so every size
// is rendered crisply rather than scaled from one bitmap. Run: node dev/icons/render-icons.mjs
// The motif: a bridge arch over a deck on a teal tile, above three table rows (the bill of
// quantities it carries into the sheet).
import { deflateSync } from "node:zlib";
import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SIZES = [16, 32, 64, 80, 128, 192];
const OUTLINE_SIZE = 32;
const SUPERSAMPLING = 4;
const TILE = [11, 85, 99]; // #0b5563, the task pane header colour
const INK = [255, 255, 255];
const ACCENT = [255, 196, 61]; // the table rows
const OUTPUT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../assets");

// Signed distance functions on the unit square (0..1, y down); negative inside.
function roundedBox(x, y, cx, cy, hw, hh, r) {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function upperArc(x, y, cx, cy, radius, halfWidth) {
  if (y > cy) return Math.hypot(Math.abs(x - cx) - radius, y - cy) - halfWidth;
  return Math.abs(Math.hypot(x - cx, y - cy) - radius) - halfWidth;
}

// Small icons get thicker strokes and fewer details so they stay legible.
function shapes(size) {
  const small = size <= 16;
  // At 16 px the deck and the row sit exactly on pixel rows (8-9 and 12-13) so they stay sharp.
  const stroke = small ? 1 / 16 : 0.05;
  const deckY = small ? 9 / 16 : 0.54;
  const list = [
    { color: INK, sdf: (x, y) => upperArc(x, y, 0.5, deckY, 0.3, stroke) },
    { color: INK, sdf: (x, y) => roundedBox(x, y, 0.5, deckY, 0.38, stroke, stroke * 0.5) },
  ];
  if (!small) {
    for (const hx of [0.35, 0.5, 0.65]) {
      list.push({ color: INK, sdf: (x, y) => roundedBox(x, y, hx, deckY - 0.14, 0.022, 0.14, 0.01) });
    }
  }
  const rows = small ? [13 / 16] : [0.7, 0.79, 0.88];
  for (const ry of rows) {
    list.push({
      color: ACCENT,
      sdf: (x, y) => roundedBox(x, y, 0.5, ry, small ? 5 / 16 : 0.3, small ? 1 / 16 : 0.028, 0.01),
    });
  }
  return list;
}

function renderPixels(size, outline = false) {
  const tileRadius = 0.2;
  const layers = shapes(size);
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUPERSAMPLING; sy++) {
        for (let sx = 0; sx < SUPERSAMPLING; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLING) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLING) / size;
          if (roundedBox(x, y, 0.5, 0.5, 0.5, 0.5, tileRadius) > 0) continue;
          let color = outline ? null : TILE;
          for (const layer of layers) if (layer.sdf(x, y) <= 0) color = outline ? INK : layer.color;
          if (!color) continue;
          r += color[0];
          g += color[1];
          b += color[2];
          a += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (a > 0) {
        rgba[offset] = Math.round(r / a);
        rgba[offset + 1] = Math.round(g / a);
        rgba[offset + 2] = Math.round(b / a);
      }
      rgba[offset + 3] = Math.round((255 * a) / (SUPERSAMPLING * SUPERSAMPLING));
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = [];
  for (let y = 0; y < size; y++) {
    rows.push(Buffer.from([0]), rgba.subarray(y * size * 4, (y + 1) * size * 4));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync(OUTPUT_DIR, { recursive: true });
for (const size of SIZES) {
  const file = resolve(OUTPUT_DIR, `icon-${size}.png`);
  writeFileSync(file, encodePng(size, renderPixels(size)));
  console.log(`wrote ${file}`);
}
const outlineFile = resolve(OUTPUT_DIR, `icon-outline-${OUTLINE_SIZE}.png`);
writeFileSync(outlineFile, encodePng(OUTLINE_SIZE, renderPixels(OUTLINE_SIZE, true)));
console.log(`wrote ${outlineFile}`);
