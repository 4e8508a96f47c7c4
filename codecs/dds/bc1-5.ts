/**
 * BC1-BC5 block decoders (Direct3D 10 rules).
 *
 * Each decoder writes the 16 pixels of one block as 32-bit words (RGBA8 packed little-endian:
 * r | g << 8 | b << 16 | a << 24) into `dst` starting at `d`, rows `stride` words apart.
 * Palettes are built once per block into module-level scratch arrays: no allocation per block.
 *
 * Rounding: 565 endpoints are expanded by bit replication; interpolated palette entries are rounded
 * to nearest (D3D reference): (2*c0 + c1)/3 -> floor((2*c0 + c1 + 1) / 3), (c0 + c1)/2 -> floor((c0 + c1 + 1) / 2),
 * alpha/BC4 ((8-i)*a0 + (i-1)*a1)/7 -> floor((... + 3) / 7) and /5 -> floor((... + 2) / 5).
 *
 * Signed BC4/BC5: endpoints are two's-complement bytes, -128 is clamped to -127; the palette is
 * interpolated in real numbers and each entry v in [-127, 127] becomes the 8-bit value
 * round((v / 127 * 0.5 + 0.5) * 255) (so -127 -> 0, 0 -> 128, 127 -> 255).
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Alpha 255 as a signed 32-bit word. */
const OPAQUE = 0xff000000 | 0;

/** Colour palette of the current block (packed RGBA words). */
const colorPal = new Int32Array(4);
/** Alpha (or single-channel) palette of the current block, already shifted into place. */
const chanPal = new Int32Array(8);
/** Second channel palette (BC5 green). */
const chanPal2 = new Int32Array(8);
/** 8-bit values of a single-channel palette before packing. */
const chanVal = new Uint8Array(8);

/**
 * Builds the colour palette of a BC1/BC2/BC3 colour block from its 565 endpoints c0 and c1.
 * `alpha` is OR-ed into the opaque entries (0xff000000 for BC1, 0 for BC2/BC3 where alpha comes
 * from elsewhere). When `allowThree` and c0 <= c1 the block is in 3-colour mode and entry 3 is
 * transparent black.
 */
function buildColorPalette(c0: number, c1: number, alpha: number, allowThree: boolean): void {
  let r0 = c0 >> 11;
  let g0 = (c0 >> 5) & 63;
  let b0 = c0 & 31;
  let r1 = c1 >> 11;
  let g1 = (c1 >> 5) & 63;
  let b1 = c1 & 31;
  r0 = (r0 << 3) | (r0 >> 2);
  g0 = (g0 << 2) | (g0 >> 4);
  b0 = (b0 << 3) | (b0 >> 2);
  r1 = (r1 << 3) | (r1 >> 2);
  g1 = (g1 << 2) | (g1 >> 4);
  b1 = (b1 << 3) | (b1 >> 2);
  colorPal[0] = r0 | (g0 << 8) | (b0 << 16) | alpha;
  colorPal[1] = r1 | (g1 << 8) | (b1 << 16) | alpha;
  if (c0 > c1 || !allowThree) {
    colorPal[2] =
      (((2 * r0 + r1 + 1) / 3) | 0) |
      ((((2 * g0 + g1 + 1) / 3) | 0) << 8) |
      ((((2 * b0 + b1 + 1) / 3) | 0) << 16) |
      alpha;
    colorPal[3] =
      (((r0 + 2 * r1 + 1) / 3) | 0) |
      ((((g0 + 2 * g1 + 1) / 3) | 0) << 8) |
      ((((b0 + 2 * b1 + 1) / 3) | 0) << 16) |
      alpha;
  } else {
    colorPal[2] = ((r0 + r1 + 1) >> 1) | (((g0 + g1 + 1) >> 1) << 8) | (((b0 + b1 + 1) >> 1) << 16) | alpha;
    colorPal[3] = 0;
  }
}

/** Fills chanVal with the 8-entry unsigned BC3-alpha/BC4 palette from the two endpoint bytes at `o`. */
function buildUnormPalette(src: Uint8Array, o: number): void {
  const a0 = src[o]!;
  const a1 = src[o + 1]!;
  chanVal[0] = a0;
  chanVal[1] = a1;
  if (a0 > a1) {
    chanVal[2] = ((6 * a0 + a1 + 3) / 7) | 0;
    chanVal[3] = ((5 * a0 + 2 * a1 + 3) / 7) | 0;
    chanVal[4] = ((4 * a0 + 3 * a1 + 3) / 7) | 0;
    chanVal[5] = ((3 * a0 + 4 * a1 + 3) / 7) | 0;
    chanVal[6] = ((2 * a0 + 5 * a1 + 3) / 7) | 0;
    chanVal[7] = ((a0 + 6 * a1 + 3) / 7) | 0;
  } else {
    chanVal[2] = ((4 * a0 + a1 + 2) / 5) | 0;
    chanVal[3] = ((3 * a0 + 2 * a1 + 2) / 5) | 0;
    chanVal[4] = ((2 * a0 + 3 * a1 + 2) / 5) | 0;
    chanVal[5] = ((a0 + 4 * a1 + 2) / 5) | 0;
    chanVal[6] = 0;
    chanVal[7] = 255;
  }
}

/** Maps a signed BC4 value in [-127, 127] (real) to 8 bits. */
function snormTo8(v: number): number {
  return Math.round((v / 127) * 127.5 + 127.5);
}

/** Fills chanVal with the 8-entry signed BC4 palette (mapped to 8 bits) from the endpoints at `o`. */
function buildSnormPalette(src: Uint8Array, o: number): void {
  let s0 = (src[o]! << 24) >> 24;
  let s1 = (src[o + 1]! << 24) >> 24;
  if (s0 === -128) s0 = -127;
  if (s1 === -128) s1 = -127;
  chanVal[0] = snormTo8(s0);
  chanVal[1] = snormTo8(s1);
  if (s0 > s1) {
    for (let i = 2; i < 8; i++) chanVal[i] = snormTo8(((8 - i) * s0 + (i - 1) * s1) / 7);
  } else {
    for (let i = 2; i < 6; i++) chanVal[i] = snormTo8(((6 - i) * s0 + (i - 1) * s1) / 5);
    chanVal[6] = 0;
    chanVal[7] = 255;
  }
}

/** Writes 16 pixels from 2-bit indices (a 32-bit word, one byte per row) through colorPal. */
function write2bit(bits: number, dst: Int32Array, d: number, stride: number): void {
  const pal = colorPal;
  for (let row = 0; row < 4; row++, bits >>= 8) {
    dst[d] = pal[bits & 3]!;
    dst[d + 1] = pal[(bits >> 2) & 3]!;
    dst[d + 2] = pal[(bits >> 4) & 3]!;
    dst[d + 3] = pal[(bits >> 6) & 3]!;
    d += stride;
  }
}

function u16(src: Uint8Array, o: number): number {
  return src[o]! | (src[o + 1]! << 8);
}

function u32(src: Uint8Array, o: number): number {
  return src[o]! | (src[o + 1]! << 8) | (src[o + 2]! << 16) | (src[o + 3]! << 24);
}

/** BC1: 8 bytes, 4-colour mode or 3-colour + transparent black when c0 <= c1. */
export function decodeBc1Block(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  buildColorPalette(u16(src, o), u16(src, o + 2), OPAQUE, true);
  write2bit(u32(src, o + 4), dst, d, stride);
}

/** BC2: 8 bytes of explicit 4-bit alpha, then a BC1 colour block always in 4-colour mode. */
export function decodeBc2Block(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  buildColorPalette(u16(src, o + 8), u16(src, o + 10), 0, false);
  const pal = colorPal;
  for (let row = 0; row < 4; row++) {
    const bits = src[o + 12 + row]!;
    const a0 = src[o + row * 2]!;
    const a1 = src[o + row * 2 + 1]!;
    dst[d] = pal[bits & 3]! | ((a0 & 15) * 0x11000000);
    dst[d + 1] = pal[(bits >> 2) & 3]! | ((a0 >> 4) * 0x11000000);
    dst[d + 2] = pal[(bits >> 4) & 3]! | ((a1 & 15) * 0x11000000);
    dst[d + 3] = pal[bits >> 6]! | ((a1 >> 4) * 0x11000000);
    d += stride;
  }
}

/** Packs chanVal into `target` as value << shift, OR-ed with `extra`. */
function packChannel(target: Int32Array, shift: number, extra: number): void {
  for (let i = 0; i < 8; i++) target[i] = (chanVal[i]! << shift) | extra;
}

/** Writes 16 pixels from 3-bit indices (48 bits at `o`) through the palette `p1`. */
function write3bit(
  src: Uint8Array,
  o: number,
  p1: Int32Array,
  dst: Int32Array,
  d: number,
  stride: number,
): void {
  const lo = src[o]! | (src[o + 1]! << 8) | (src[o + 2]! << 16);
  const hi = src[o + 3]! | (src[o + 4]! << 8) | (src[o + 5]! << 16);
  dst[d] = p1[lo & 7]!;
  dst[d + 1] = p1[(lo >> 3) & 7]!;
  dst[d + 2] = p1[(lo >> 6) & 7]!;
  dst[d + 3] = p1[(lo >> 9) & 7]!;
  d += stride;
  dst[d] = p1[(lo >> 12) & 7]!;
  dst[d + 1] = p1[(lo >> 15) & 7]!;
  dst[d + 2] = p1[(lo >> 18) & 7]!;
  dst[d + 3] = p1[(lo >> 21) & 7]!;
  d += stride;
  dst[d] = p1[hi & 7]!;
  dst[d + 1] = p1[(hi >> 3) & 7]!;
  dst[d + 2] = p1[(hi >> 6) & 7]!;
  dst[d + 3] = p1[(hi >> 9) & 7]!;
  d += stride;
  dst[d] = p1[(hi >> 12) & 7]!;
  dst[d + 1] = p1[(hi >> 15) & 7]!;
  dst[d + 2] = p1[(hi >> 18) & 7]!;
  dst[d + 3] = p1[(hi >> 21) & 7]!;
}

/** BC3: a BC4-style alpha block (8 bytes) then a BC1 colour block always in 4-colour mode. */
export function decodeBc3Block(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  decodeBc3Words(u32(src, o), u32(src, o + 4), u32(src, o + 8), u32(src, o + 12), dst, d, stride);
}

/** BC3 from the block's four little-endian words. */
function decodeBc3Words(w0: number, w1: number, w2: number, w3: number, dst: Int32Array, d: number, stride: number): void {
  buildColorPalette(w2 & 0xffff, w2 >>> 16, 0, false);
  buildAlphaPalette(w0 & 255, (w0 >> 8) & 255);
  const pal = colorPal;
  const ap = chanPal;
  const lo = (w0 >>> 16) | ((w1 & 255) << 16);
  const hi = (w1 >>> 8) & 0xffffff;
  let bits = w3 & 255;
  dst[d] = pal[bits & 3]! | ap[lo & 7]!;
  dst[d + 1] = pal[(bits >> 2) & 3]! | ap[(lo >> 3) & 7]!;
  dst[d + 2] = pal[(bits >> 4) & 3]! | ap[(lo >> 6) & 7]!;
  dst[d + 3] = pal[bits >> 6]! | ap[(lo >> 9) & 7]!;
  d += stride;
  bits = (w3 >> 8) & 255;
  dst[d] = pal[bits & 3]! | ap[(lo >> 12) & 7]!;
  dst[d + 1] = pal[(bits >> 2) & 3]! | ap[(lo >> 15) & 7]!;
  dst[d + 2] = pal[(bits >> 4) & 3]! | ap[(lo >> 18) & 7]!;
  dst[d + 3] = pal[bits >> 6]! | ap[(lo >> 21) & 7]!;
  d += stride;
  bits = (w3 >> 16) & 255;
  dst[d] = pal[bits & 3]! | ap[hi & 7]!;
  dst[d + 1] = pal[(bits >> 2) & 3]! | ap[(hi >> 3) & 7]!;
  dst[d + 2] = pal[(bits >> 4) & 3]! | ap[(hi >> 6) & 7]!;
  dst[d + 3] = pal[bits >> 6]! | ap[(hi >> 9) & 7]!;
  d += stride;
  bits = (w3 >> 24) & 255;
  dst[d] = pal[bits & 3]! | ap[(hi >> 12) & 7]!;
  dst[d + 1] = pal[(bits >> 2) & 3]! | ap[(hi >> 15) & 7]!;
  dst[d + 2] = pal[(bits >> 4) & 3]! | ap[(hi >> 18) & 7]!;
  dst[d + 3] = pal[bits >> 6]! | ap[(hi >> 21) & 7]!;
}

/** BC3 alpha palette (same rounding as buildUnormPalette), shifted into the alpha byte. */
function buildAlphaPalette(a0: number, a1: number): void {
  const p = chanPal;
  p[0] = a0 << 24;
  p[1] = a1 << 24;
  if (a0 > a1) {
    p[2] = (((6 * a0 + a1 + 3) / 7) | 0) << 24;
    p[3] = (((5 * a0 + 2 * a1 + 3) / 7) | 0) << 24;
    p[4] = (((4 * a0 + 3 * a1 + 3) / 7) | 0) << 24;
    p[5] = (((3 * a0 + 4 * a1 + 3) / 7) | 0) << 24;
    p[6] = (((2 * a0 + 5 * a1 + 3) / 7) | 0) << 24;
    p[7] = (((a0 + 6 * a1 + 3) / 7) | 0) << 24;
  } else {
    p[2] = (((4 * a0 + a1 + 2) / 5) | 0) << 24;
    p[3] = (((3 * a0 + 2 * a1 + 2) / 5) | 0) << 24;
    p[4] = (((2 * a0 + 3 * a1 + 2) / 5) | 0) << 24;
    p[5] = (((a0 + 4 * a1 + 2) / 5) | 0) << 24;
    p[6] = 0;
    p[7] = OPAQUE;
  }
}

/** BC4 unsigned: grey (R = G = B = value), A = 255. */
export function decodeBc4uBlock(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  buildUnormPalette(src, o);
  for (let i = 0; i < 8; i++) chanPal[i] = (chanVal[i]! * 0x010101) | OPAQUE;
  write3bit(src, o + 2, chanPal, dst, d, stride);
}

/** BC4 signed: grey (R = G = B = mapped value), A = 255. */
export function decodeBc4sBlock(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  buildSnormPalette(src, o);
  for (let i = 0; i < 8; i++) chanPal[i] = (chanVal[i]! * 0x010101) | OPAQUE;
  write3bit(src, o + 2, chanPal, dst, d, stride);
}

/** Writes 16 pixels of a BC5 block: red palette chanPal (3-bit indices at o+2), green chanPal2 (o+10). */
function writeBc5(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  const rp = chanPal;
  const gp = chanPal2;
  let rl = src[o + 2]! | (src[o + 3]! << 8) | (src[o + 4]! << 16);
  let gl = src[o + 10]! | (src[o + 11]! << 8) | (src[o + 12]! << 16);
  for (let half = 0; half < 2; half++) {
    for (let row = 0; row < 2; row++) {
      dst[d] = rp[rl & 7]! | gp[gl & 7]!;
      dst[d + 1] = rp[(rl >> 3) & 7]! | gp[(gl >> 3) & 7]!;
      dst[d + 2] = rp[(rl >> 6) & 7]! | gp[(gl >> 6) & 7]!;
      dst[d + 3] = rp[(rl >> 9) & 7]! | gp[(gl >> 9) & 7]!;
      rl >>= 12;
      gl >>= 12;
      d += stride;
    }
    rl = src[o + 5]! | (src[o + 6]! << 8) | (src[o + 7]! << 16);
    gl = src[o + 13]! | (src[o + 14]! << 8) | (src[o + 15]! << 16);
  }
}

/** BC5 unsigned: R and G from two BC4 blocks, B = 0, A = 255. */
export function decodeBc5uBlock(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  buildUnormPalette(src, o);
  packChannel(chanPal, 0, OPAQUE);
  buildUnormPalette(src, o + 8);
  packChannel(chanPal2, 8, 0);
  writeBc5(src, o, dst, d, stride);
}

/**
 * BC5 signed: R and G from two signed BC4 blocks (mapped to 8 bits), B = 128, A = 255. The missing
 * blue is the signed 0 mapped like R and G (DirectXTex's SNORM to UNORM and Pillow give 128 too).
 */
export function decodeBc5sBlock(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  buildSnormPalette(src, o);
  packChannel(chanPal, 0, OPAQUE | (128 << 16));
  buildSnormPalette(src, o + 8);
  packChannel(chanPal2, 8, 0);
  writeBc5(src, o, dst, d, stride);
}

// Row decoders: one loop per format, so that each call site stays monomorphic and the block
// decoder is inlined. Decode `n` consecutive blocks starting at src[o] into dst at d.
export function decodeBc1Row(src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number): void {
  if (LITTLE_ENDIAN && ((src.byteOffset + o) & 3) === 0) {
    // Aligned: read each block as two little-endian words.
    const w = new Int32Array(src.buffer, src.byteOffset + o, n * 2);
    for (let k = 0; k < n * 2; k += 2, d += 4) {
      const c = w[k]!;
      buildColorPalette(c & 0xffff, c >>> 16, OPAQUE, true);
      write2bit(w[k + 1]!, dst, d, stride);
    }
    return;
  }
  for (let i = 0; i < n; i++, o += 8, d += 4) decodeBc1Block(src, o, dst, d, stride);
}
export function decodeBc2Row(src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number): void {
  for (let i = 0; i < n; i++, o += 16, d += 4) decodeBc2Block(src, o, dst, d, stride);
}
export function decodeBc3Row(src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number): void {
  if (LITTLE_ENDIAN && ((src.byteOffset + o) & 3) === 0) {
    const w = new Int32Array(src.buffer, src.byteOffset + o, n * 4);
    for (let k = 0; k < n * 4; k += 4, d += 4) decodeBc3Words(w[k]!, w[k + 1]!, w[k + 2]!, w[k + 3]!, dst, d, stride);
    return;
  }
  for (let i = 0; i < n; i++, o += 16, d += 4) decodeBc3Block(src, o, dst, d, stride);
}
export function decodeBc4uRow(src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number): void {
  for (let i = 0; i < n; i++, o += 8, d += 4) decodeBc4uBlock(src, o, dst, d, stride);
}
export function decodeBc4sRow(src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number): void {
  for (let i = 0; i < n; i++, o += 8, d += 4) decodeBc4sBlock(src, o, dst, d, stride);
}
export function decodeBc5uRow(src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number): void {
  for (let i = 0; i < n; i++, o += 16, d += 4) decodeBc5uBlock(src, o, dst, d, stride);
}
export function decodeBc5sRow(src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number): void {
  for (let i = 0; i < n; i++, o += 16, d += 4) decodeBc5sBlock(src, o, dst, d, stride);
}

// Opacity from the blocks alone: whether every pixel of the image decodes with alpha 255, without
// decoding the colours (the PNG encoder picks RGB or RGBA for the whole image before its pieces are
// decoded apart, ../png/parallel-deflate.ts). Pixels of edge blocks outside the image do not count.

/** Bits of the visible pixels of a block with `cols` × `rows` of its 4 × 4 inside the image, `bits` bits a pixel. */
function visibleMask(cols: number, rows: number, bits: number): number {
  let mask = 0;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) mask += (2 ** bits - 1) * 2 ** (bits * (r * 4 + c));
  return mask;
}

/** Visible-pixel masks of a whole block: 2-bit indices (32 bits), 3-bit indices (two 24-bit halves). */
const FULL_MASK2 = -1;
const FULL_MASK3 = 0xffffff;

/**
 * Visits every block with the masks of its visible pixels for 2-bit indices (as a 32-bit word) and
 * 3-bit ones (as two 24-bit halves, rows 0-1 and 2-3); stops at the first visit that returns false.
 */
function everyBlock(
  width: number,
  height: number,
  bytes: number,
  visit: (o: number, mask2: number, mask3lo: number, mask3hi: number) => boolean,
): boolean {
  const bw = Math.ceil(width / 4);
  const bh = Math.ceil(height / 4);
  const fullW = width >> 2;
  let o = 0;
  for (let by = 0; by < bh; by++) {
    const rows = Math.min(4, height - by * 4);
    for (let bx = 0; bx < bw; bx++, o += bytes) {
      const cols = Math.min(4, width - bx * 4);
      if (rows === 4 && bx < fullW) {
        if (!visit(o, FULL_MASK2, FULL_MASK3, FULL_MASK3)) return false;
        continue;
      }
      const mask3 = visibleMask(cols, rows, 3);
      if (!visit(o, visibleMask(cols, rows, 2) | 0, mask3 % 2 ** 24, Math.floor(mask3 / 2 ** 24))) return false;
    }
  }
  return true;
}

/** BC1: a block has transparent pixels only in 3-colour mode (c0 <= c1), at index 3. */
function bc1Opaque(src: Uint8Array, width: number, height: number): boolean {
  return everyBlock(width, height, 8, (o, mask2) => {
    if (u16(src, o) > u16(src, o + 2)) return true;
    const bits = u32(src, o + 4);
    return (bits & (bits >>> 1) & 0x55555555 & mask2) === 0;
  });
}

/** BC2: every visible 4-bit alpha is 15. */
function bc2Opaque(src: Uint8Array, width: number, height: number): boolean {
  return everyBlock(width, height, 16, (o, mask2) => {
    // the 2-bit mask of a pixel, widened to its nibble: the pixel's bits 2i, 2i+1 -> 4i..4i+3
    for (let r = 0; r < 4; r++) {
      const visible = (mask2 >>> (8 * r)) & 255;
      if (visible === 0) continue;
      let nibbles = 0;
      for (let c = 0; c < 4; c++) if ((visible >> (2 * c)) & 3) nibbles |= 15 << (4 * c);
      if ((~u16(src, o + 2 * r) & nibbles) !== 0) return false;
    }
    return true;
  });
}

/** Whether a 3-bit index of `indices` (24 bits, 8 pixels) under `mask` (7 per visible pixel) is in the set `transparent`. */
function anyIndexIn(indices: number, mask: number, transparent: number): boolean {
  for (let i = 0; i < 24; i += 3) if (((mask >> i) & 7) !== 0 && ((transparent >> ((indices >> i) & 7)) & 1) !== 0) return true;
  return false;
}

/** BC3: the alpha palette's entries below 255 (as a bit set), and no visible 3-bit index among them. */
function bc3Opaque(src: Uint8Array, width: number, height: number): boolean {
  return everyBlock(width, height, 16, (o, _mask2, mask3lo, mask3hi) => {
    buildAlphaPalette(src[o]!, src[o + 1]!);
    let transparent = 0;
    for (let i = 0; i < 8; i++) if (chanPal[i] !== OPAQUE) transparent |= 1 << i;
    if (transparent === 0) return true;
    const lo = src[o + 2]! | (src[o + 3]! << 8) | (src[o + 4]! << 16);
    const hi = src[o + 5]! | (src[o + 6]! << 8) | (src[o + 7]! << 16);
    return !anyIndexIn(lo, mask3lo, transparent) && !anyIndexIn(hi, mask3hi, transparent);
  });
}

/**
 * Whether every pixel of a `width` × `height` image of BC1-BC5 blocks decodes with alpha 255
 * (BC4 and BC5 always do). Reads the blocks only: several times faster than decoding them.
 */
export function bc1to5Opaque(format: "BC1" | "BC2" | "BC3" | "BC4U" | "BC4S" | "BC5U" | "BC5S", src: Uint8Array, width: number, height: number): boolean {
  if (format === "BC1") return bc1Opaque(src, width, height);
  if (format === "BC2") return bc2Opaque(src, width, height);
  if (format === "BC3") return bc3Opaque(src, width, height);
  return true;
}
