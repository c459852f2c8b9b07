/**
 * Smaller PNGs for the screenshots of npm run screens (scripts/screens.ts), with nothing but node:zlib: a
 * screenshot from Chromium (8-bit RGB or RGBA, not interlaced) becomes a palette PNG of at most 256 colours. The
 * page's flat colours (backgrounds, text, borders, buttons) keep their exact values; the rest (anti-aliased edges,
 * pictures) is shared out by median cut. About a third of the size, with text as sharp as before.
 */
import { deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Image = { width: number; height: number; rgb: Uint8Array };

/** The pixels of an 8-bit RGB or opaque RGBA PNG, or undefined for any other kind (left as it is). */
export function decodePng(png: Buffer): Image | undefined {
  if (!png.subarray(0, 8).equals(SIGNATURE)) return undefined;
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colourType !== 2 && colourType !== 6)) return undefined;
      channels = colourType === 2 ? 3 : 4;
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  if (!channels) return undefined;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const at = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (pixels[at + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[at - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[at - stride + x - channels] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[at + x] = ((row[x] ?? 0) + predicted) & 0xff;
    }
  }
  if (channels === 3) return { width, height, rgb: pixels };
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < pixels.length; i += 4, j += 3) {
    if (pixels[i + 3] !== 255) return undefined;
    rgb[j] = pixels[i] ?? 0;
    rgb[j + 1] = pixels[i + 1] ?? 0;
    rgb[j + 2] = pixels[i + 2] ?? 0;
  }
  return { width, height, rgb };
}

type Colour = { rgb: number; count: number };

const red = (rgb: number) => (rgb >> 16) & 255;
const green = (rgb: number) => (rgb >> 8) & 255;
const blue = (rgb: number) => rgb & 255;
const CHANNELS = [red, green, blue];

/** Splits the colours into at most `slots` boxes by median cut (weighted by pixel count); each box's mean is a colour. */
function medianCut(colours: Colour[], slots: number): number[] {
  if (colours.length === 0 || slots <= 0) return [];
  let boxes: Colour[][] = [colours];
  while (boxes.length < slots) {
    let widest = -1;
    let widestSpread = 0;
    let widestChannel = 0;
    boxes.forEach((box, index) => {
      if (box.length < 2) return;
      for (const [channel, value] of CHANNELS.entries()) {
        let low = 255;
        let high = 0;
        for (const colour of box) {
          const v = value(colour.rgb);
          if (v < low) low = v;
          if (v > high) high = v;
        }
        // Wide boxes with many pixels first: their colours are the ones seen most.
        const spread = (high - low) * Math.sqrt(box.reduce((sum, colour) => sum + colour.count, 0));
        if (spread > widestSpread) {
          widestSpread = spread;
          widest = index;
          widestChannel = channel;
        }
      }
    });
    if (widest < 0) break;
    const value = CHANNELS[widestChannel] ?? red;
    const box = [...(boxes[widest] ?? [])].sort((a, b) => value(a.rgb) - value(b.rgb));
    const total = box.reduce((sum, colour) => sum + colour.count, 0);
    let cut = 0;
    for (let seen = 0; cut < box.length - 1 && seen + (box[cut]?.count ?? 0) <= total / 2; cut++) seen += box[cut]?.count ?? 0;
    cut = Math.min(Math.max(cut, 1), box.length - 1);
    boxes = [...boxes.slice(0, widest), box.slice(0, cut), box.slice(cut), ...boxes.slice(widest + 1)];
  }
  return boxes.map((box) => {
    const total = box.reduce((sum, colour) => sum + colour.count, 0);
    const mean = (value: (rgb: number) => number) =>
      Math.round(box.reduce((sum, colour) => sum + value(colour.rgb) * colour.count, 0) / total);
    return (mean(red) << 16) | (mean(green) << 8) | mean(blue);
  });
}

/**
 * At most 256 colours: every colour that covers at least 1/5000 of the picture (up to 160 of them) as it is, the
 * others shared out by median cut, then each pixel drawn in the nearest (no dithering: text stays crisp).
 */
export function palettise(image: Image): { palette: number[]; indices: Uint8Array } {
  const { rgb } = image;
  const pixels = rgb.length / 3;
  const counts = new Map<number, number>();
  for (let i = 0; i < rgb.length; i += 3) {
    const colour = ((rgb[i] ?? 0) << 16) | ((rgb[i + 1] ?? 0) << 8) | (rgb[i + 2] ?? 0);
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  const colours = [...counts].map(([colour, count]) => ({ rgb: colour, count })).sort((a, b) => b.count - a.count);
  let palette: number[];
  if (colours.length <= 256) palette = colours.map((colour) => colour.rgb);
  else {
    const kept = colours.filter((colour, index) => index < 160 && colour.count * 5000 >= pixels).map((colour) => colour.rgb);
    palette = [...kept, ...medianCut(colours.slice(kept.length), 256 - kept.length)];
  }
  const nearest = new Map<number, number>();
  for (const { rgb: colour } of colours) {
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [index, entry] of palette.entries()) {
      const dr = red(colour) - red(entry);
      const dg = green(colour) - green(entry);
      const db = blue(colour) - blue(entry);
      // Weighted as the eye weighs the channels.
      const distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = index;
        if (distance === 0) break;
      }
    }
    nearest.set(colour, best);
  }
  const indices = new Uint8Array(pixels);
  for (let i = 0, p = 0; i < rgb.length; i += 3, p++) {
    indices[p] = nearest.get(((rgb[i] ?? 0) << 16) | ((rgb[i + 1] ?? 0) << 8) | (rgb[i + 2] ?? 0)) ?? 0;
  }
  return { palette, indices };
}

/** A palette PNG (colour type 3, 8 bits per pixel, each row unfiltered: the best filter for indexed screenshots). */
export function encodePalettePng(width: number, height: number, palette: number[], indices: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 3;
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((colour, index) => {
    plte[index * 3] = red(colour);
    plte[index * 3 + 1] = green(colour);
    plte[index * 3 + 2] = blue(colour);
  });
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(raw, { level: 9, memLevel: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The screenshot as a palette PNG when that is smaller (it nearly always is); otherwise as it came. */
export function reducePng(png: Buffer): Buffer {
  const image = decodePng(png);
  if (!image) return png;
  const { palette, indices } = palettise(image);
  const reduced = encodePalettePng(image.width, image.height, palette, indices);
  return reduced.length < png.length ? reduced : png;
}

/** The width and height a PNG's header gives. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The PNG with a tEXt chunk `keyword: text` (Latin-1) before its end: a note that travels with the picture. */
export function withText(png: Buffer, keyword: string, text: string): Buffer {
  const end = png.length - 12;
  if (png.toString('latin1', end + 4, end + 8) !== 'IEND') throw new Error('not a PNG that ends with IEND');
  return Buffer.concat([png.subarray(0, end), chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')), png.subarray(end)]);
}

/** The text of the PNG's tEXt chunk with this keyword, if it has one. */
export function textOf(png: Buffer, keyword: string): string | undefined {
  for (let offset = 8; offset + 12 <= png.length; ) {
    const length = png.readUInt32BE(offset);
    if (png.toString('latin1', offset + 4, offset + 8) === 'tEXt') {
      const [key, text] = png.toString('latin1', offset + 8, offset + 8 + length).split('\0');
      if (key === keyword) return text;
    }
    offset += 12 + length;
  }
  return undefined;
}
