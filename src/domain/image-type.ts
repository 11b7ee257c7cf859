/**
 * The image types staff may upload, recognised by parsing their bytes (never by name or the
 * declared type). A file is taken only when its whole structure parses as the format its first
 * bytes claim, its dimensions are sane, and its first kilobyte holds no markup: a file that a
 * browser could also read as HTML or SVG (`<!--ftypavif--><svg><script>...`) is refused.
 */
export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** Largest accepted image. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest side, and most pixels, of an accepted image (a product photo needs far less). */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface ImageInfo {
  ext: ImageExtension;
  width: number;
  height: number;
}

/** Why `inspectImage` refused a file. */
export type ImageRefusal = "not_an_image" | "too_large_dimensions";

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u32le = (b: Uint8Array, at: number) =>
  (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

/** The format the first bytes claim, or null. Only a claim: `inspectImage` checks it. */
export function sniffImage(bytes: Uint8Array): ImageExtension | null {
  if (bytes.length < 12) return null;
  if (
    bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a &&
    bytes[6] === 0x1a && bytes[7] === 0x0a
  ) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") return "avif";
  return null;
}

/** Markup a browser would act on, in any case, also as UTF-16/32 (zero bytes dropped). */
const MARKUP =
  /<(?:svg|script|html|body|head|iframe|frame|object|embed|img|style|meta|link|form|math|base|xsl|\?xml|\?php|!--|!doctype|!\[cdata\[)/;

/** Whether the first kilobyte holds markup (a file that is also an HTML or SVG document). */
export function holdsMarkup(bytes: Uint8Array): boolean {
  let text = "";
  for (const b of bytes.subarray(0, 1024)) if (b !== 0) text += String.fromCharCode(b);
  return MARKUP.test(text.toLowerCase());
}

/**
 * The format and dimensions of an upload whose whole structure parses, or why it is refused.
 * Each parser walks the file to its end (PNG chunks with their CRCs to IEND, JPEG segments to
 * the scan and EOI, GIF blocks to the trailer, RIFF chunks to the RIFF size, ISO-BMFF boxes to
 * the end of the file) and refuses anything left over or cut short.
 */
export function inspectImage(bytes: Uint8Array): ImageInfo | ImageRefusal {
  if (bytes.length > MAX_IMAGE_BYTES || holdsMarkup(bytes)) return "not_an_image";
  const ext = sniffImage(bytes);
  const size = ext ? PARSERS[ext](bytes) : null;
  if (!ext || !size) return "not_an_image";
  const { width, height } = size;
  if (width < 1 || height < 1) return "not_an_image";
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return "too_large_dimensions";
  }
  return { ext, width, height };
}

type Size = { width: number; height: number };
const PARSERS: Record<ImageExtension, (b: Uint8Array) => Size | null> = {
  png: parsePng,
  jpg: parseJpeg,
  gif: parseGif,
  webp: parseWebp,
  avif: parseAvif,
};

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** PNG: IHDR first (valid depth and colour type), every chunk's CRC, IDAT, IEND last. */
function parsePng(b: Uint8Array): Size | null {
  let at = 8;
  let size: Size | null = null;
  let idat = false;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, at + 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return null;
    const end = at + 12 + length;
    if (end > b.length) return null;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== u32be(b, at + 8 + length)) return null;
    const data = b.subarray(at + 8, at + 8 + length);
    if (!size) {
      if (type !== "IHDR" || length !== 13) return null;
      const [depth, colour, compression, filter, interlace] = data.subarray(8);
      const depths: Record<number, number[]> = {
        0: [1, 2, 4, 8, 16],
        2: [8, 16],
        3: [1, 2, 4, 8],
        4: [8, 16],
        6: [8, 16],
      };
      if (!depths[colour]?.includes(depth) || compression || filter || interlace > 1) return null;
      size = { width: u32be(data, 0), height: u32be(data, 4) };
    } else if (type === "IHDR") return null;
    if (type === "IDAT") idat = true;
    if (type === "IEND") return length === 0 && idat && end === b.length ? size : null;
    at = end;
  }
  return null;
}

/** JPEG: SOI, well-formed segments up to the scan, one frame header (SOFn), EOI at the end. */
function parseJpeg(b: Uint8Array): Size | null {
  let at = 2;
  let size: Size | null = null;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    while (b[at + 1] === 0xff && at + 2 < b.length) at++; // fill bytes
    const marker = b[at + 1];
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 &&
      marker !== 0xcc;
    if (isSof) {
      const components = b[at + 9];
      if (size || length !== 8 + 3 * components || components < 1) return null;
      size = { width: u16be(b, at + 7), height: u16be(b, at + 5) };
    } else if (marker === 0xda) {
      if (!size) return null;
      // The entropy-coded data follows; the file ends with EOI (zero padding tolerated).
      let end = b.length;
      while (end > at && b[end - 1] === 0) end--;
      return end >= at + 2 + length + 2 && b[end - 2] === 0xff && b[end - 1] === 0xd9 ? size : null;
    } else if (
      marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 ||
      marker === 0x00
    ) return null;
    at += 2 + length;
  }
  return null;
}

/** GIF: header, logical screen, colour tables, every block's sub-blocks, the trailer last. */
function parseGif(b: Uint8Array): Size | null {
  if (b.length < 13) return null;
  const size = { width: u16le(b, 6), height: u16le(b, 8) };
  let at = 13 + (b[10] & 0x80 ? 3 * 2 ** ((b[10] & 7) + 1) : 0);
  let images = 0;
  /** Skips data sub-blocks from `from`; the offset after the terminator, or -1. */
  const subBlocks = (from: number) => {
    let p = from;
    while (p < b.length && b[p] !== 0) p += b[p] + 1;
    return p < b.length ? p + 1 : -1;
  };
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) return images > 0 && at + 1 === b.length ? size : null;
    if (block === 0x21) {
      if (at + 2 > b.length) return null;
      at = subBlocks(at + 2);
    } else if (block === 0x2c) {
      if (at + 11 > b.length) return null;
      const packed = b[at + 9];
      at += 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
      const codeSize = b[at];
      if (codeSize === undefined || codeSize < 1 || codeSize > 11) return null;
      at = subBlocks(at + 1);
      images++;
    } else return null;
    if (at < 0) return null;
  }
  return null;
}

/** WebP: the RIFF size is the file's, every chunk fits, the image chunk's header parses. */
function parseWebp(b: Uint8Array): Size | null {
  if (u32le(b, 4) + 8 !== b.length) return null;
  let at = 12;
  let size: Size | null = null;
  let canvas: Size | null = null;
  let image = false;
  let first = true;
  while (at + 8 <= b.length) {
    const fourcc = ascii(b, at, at + 4);
    const length = u32le(b, at + 4);
    const data = at + 8;
    if (!/^[A-Z0-9 ]{4}$/.test(fourcc) || data + length > b.length) return null;
    if (fourcc === "VP8X") {
      if (!first || length < 10) return null;
      canvas = { width: u24le(b, data + 4) + 1, height: u24le(b, data + 7) + 1 };
    } else if (fourcc === "VP8 ") {
      if (length < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) {
        return null;
      }
      size ??= { width: u16le(b, data + 6) & 0x3fff, height: u16le(b, data + 8) & 0x3fff };
      image = true;
    } else if (fourcc === "VP8L") {
      if (length < 5 || b[data] !== 0x2f) return null;
      const bits = u32le(b, data + 1);
      size ??= { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      image = true;
    } else if (fourcc === "ANMF") {
      if (!canvas) return null;
      image = true;
    } else if (first) return null;
    first = false;
    at = data + length + (length & 1);
  }
  if (at !== b.length || !image) return null;
  return canvas ?? size;
}

/** One ISO-BMFF box: its type, where its content starts and where it ends. */
interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes from `from` to `to`, each inside the range; null when one does not fit. */
function boxes(b: Uint8Array, from: number, to: number): Box[] | null {
  const out: Box[] = [];
  let at = from;
  while (at < to) {
    if (at + 8 > to) return null;
    let size = u32be(b, at);
    const type = ascii(b, at + 4, at + 8);
    let start = at + 8;
    if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
    if (size === 1) {
      if (at + 16 > to || u32be(b, at + 8) !== 0) return null; // over 4 GiB: not an upload
      size = u32be(b, at + 12);
      start = at + 16;
    } else if (size === 0) size = to - at;
    if (size < start - at || at + size > to) return null;
    out.push({ type, start, end: at + size });
    at += size;
  }
  return out;
}

/**
 * AVIF: boxes that tile the whole file, `ftyp` first naming `avif` or `avis`, a `meta` box
 * (picture handler) whose `iprp/ipco` gives each image's size (`ispe`), and the media data.
 */
function parseAvif(b: Uint8Array): Size | null {
  const top = boxes(b, 0, b.length);
  if (!top || top[0]?.type !== "ftyp") return null;
  const ftyp = top[0];
  if (ftyp.end - ftyp.start < 8 || (ftyp.end - ftyp.start) % 4 !== 0) return null;
  const brands: string[] = [];
  for (let at = ftyp.start; at < ftyp.end; at += 4) {
    if (at !== ftyp.start + 4) brands.push(ascii(b, at, at + 4)); // skip the minor version
  }
  if (!brands.includes("avif") && !brands.includes("avis")) return null;
  const meta = top.filter((x) => x.type === "meta");
  if (meta.length !== 1 || !top.some((x) => x.type === "mdat")) return null;
  const inMeta = boxes(b, meta[0].start + 4, meta[0].end); // a full box: version and flags
  const hdlr = inMeta?.find((x) => x.type === "hdlr");
  if (!inMeta || !hdlr || hdlr.end - hdlr.start < 12) return null;
  if (ascii(b, hdlr.start + 8, hdlr.start + 12) !== "pict") return null;
  const iprp = inMeta.find((x) => x.type === "iprp");
  const ipco = iprp && boxes(b, iprp.start, iprp.end)?.find((x) => x.type === "ipco");
  const properties = ipco && boxes(b, ipco.start, ipco.end);
  const ispe = properties?.filter((x) => x.type === "ispe") ?? [];
  if (ispe.length === 0 || ispe.some((x) => x.end - x.start !== 12)) return null;
  // The largest image (a grid's tiles are smaller than the picture they make).
  const sizes = ispe.map((x) => ({ width: u32be(b, x.start + 4), height: u32be(b, x.start + 8) }));
  return sizes.reduce((a, s) => (s.width * s.height > a.width * a.height ? s : a));
}

/** `/uploads/<id>.<ext>` -> `<id>`, or null when it is not such a name. */
export function uploadIdOf(filename: string): string | null {
  const m = /^([0-9A-HJKMNP-TV-Z]{26})\.(png|jpg|webp|gif|avif)$/.exec(filename);
  return m ? m[1] : null;
}
