/**
 * BC1 colour block encoder (also the colour half of BC3), tuned for the Direct3D 10 decoder rules
 * that ./bc1-5.ts implements: 565 endpoints expanded by bit replication, palette entries rounded
 * to nearest ((2*c0 + c1 + 1) / 3, (c0 + c1 + 1) / 2).
 *
 * Endpoint search, by effort (0 fast, 1 balanced, 2 best):
 * - a block of one colour uses precomputed optimal endpoint pairs (its colour lands on the 1/3
 *   palette entry, which reaches far more values than a bare 565 endpoint);
 * - otherwise the principal axis of the colours (power iteration on their covariance) gives the
 *   two extreme pixels as endpoints; each indexing pass also gathers the sums of a least-squares
 *   fit, whose endpoints (the best line for those indices) are quantized and indexed in turn,
 *   keeping the better: 1 refinement (fast), up to 2 (balanced) or 4 (best);
 * - best indexes against every palette entry instead of projecting on the endpoint line, then
 *   tries every 565 neighbour of each endpoint (one step on one channel) while that lowers the
 *   error, and for opaque blocks also the 3-colour mode.
 * Errors are plain squared RGB differences (what PSNR measures).
 *
 * Transparency (BC1 only): pixels with alpha < 128 make a 3-colour block whose index 3 decodes to
 * transparent black; the colours are fitted to the opaque pixels only. BC3 colour blocks are always
 * read in 4-colour mode, and the encoder never relies on c0 <= c1 there.
 */

/** 8-bit value -> nearest 5-bit and 6-bit code, by the expanded (bit-replicated) value. */
const Q5 = new Uint8Array(256);
const Q6 = new Uint8Array(256);
const E5 = new Uint8Array(32);
const E6 = new Uint8Array(64);
for (let q = 0; q < 32; q++) E5[q] = (q << 3) | (q >> 2);
for (let q = 0; q < 64; q++) E6[q] = (q << 2) | (q >> 4);
for (let v = 0; v < 256; v++) {
  Q5[v] = nearestCode(E5, v);
  Q6[v] = nearestCode(E6, v);
}

function nearestCode(expanded: Uint8Array, v: number): number {
  let best = 0;
  for (let q = 1; q < expanded.length; q++) {
    if (Math.abs(expanded[q]! - v) < Math.abs(expanded[best]! - v)) best = q;
  }
  return best;
}

/**
 * Single-colour tables: for each 8-bit value, the code pair (c0 << 8 | c1) whose 4-colour palette
 * entry 2, floor((2*e0 + e1 + 1) / 3), is nearest to it (ties: the closer pair of codes).
 */
const SOLID5 = new Uint16Array(256);
const SOLID6 = new Uint16Array(256);
fillSolidTable(SOLID5, E5);
fillSolidTable(SOLID6, E6);

function fillSolidTable(table: Uint16Array, expanded: Uint8Array): void {
  const n = expanded.length;
  for (let v = 0; v < 256; v++) {
    let bestErr = 1e9;
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        const p = ((2 * expanded[a]! + expanded[b]! + 1) / 3) | 0;
        const err = Math.abs(p - v) * 1024 + Math.abs(a - b);
        if (err < bestErr) {
          bestErr = err;
          table[v] = (a << 8) | b;
        }
      }
    }
  }
}

/** Least-squares refinements by effort. */
const REFINEMENTS = [1, 2, 4];

// Per-block scratch (no allocation per block).
/** Colours of the pixels taking part in the fit, and their bit positions (2 * pixel) in the block. */
const cr = new Int32Array(16);
const cg = new Int32Array(16);
const cb = new Int32Array(16);
const cshift = new Int32Array(16);
/** Palette in step order (0 = c0 ... last = c1), r, g, b of each entry. */
const pal = new Int32Array(12);
/** Palette index of each step, by mode: 4-colour, and 3-colour (also a 4-colour block with c0 == c1). */
const STEP_INDEX4 = new Int32Array([0, 2, 3, 1]);
const STEP_INDEX3 = new Int32Array([0, 2, 1, 1]);

/** Block state: sums of the fitted colours, and the best block so far (endpoints in write order). */
let sumR = 0;
let sumG = 0;
let sumB = 0;
let bestC0 = 0;
let bestC1 = 0;
let bestBits = 0;
let bestErr = 0;
/** Last indexing pass: endpoints in the order the mode needs, index bits, least-squares sums. */
let passC0 = 0;
let passC1 = 0;
let passBits = 0;
let lsU = 0;
let lsUU = 0;
let lsUR = 0;
let lsUG = 0;
let lsUB = 0;

/**
 * Encodes one 4x4 block of RGBA pixels (`px`, 64 bytes, row-major) as an 8-byte BC1 colour block
 * at out[o]. `punchThrough`: pixels with alpha < 128 become transparent (BC1); false for BC3.
 */
export function encodeBc1Block(px: Uint8Array, out: Uint8Array, o: number, effort: number, punchThrough: boolean): void {
  // Gather the fitted pixels with the sums for their mean and covariance.
  let n = 0;
  let transparent = 0;
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let srr = 0;
  let sgg = 0;
  let sbb = 0;
  let srg = 0;
  let srb = 0;
  let sgb = 0;
  for (let i = 0, k = 0; i < 16; i++, k += 4) {
    if (punchThrough && px[k + 3]! < 128) {
      transparent |= 3 << (i * 2);
      continue;
    }
    const r = px[k]!;
    const g = px[k + 1]!;
    const b = px[k + 2]!;
    cr[n] = r;
    cg[n] = g;
    cb[n] = b;
    cshift[n] = i * 2;
    n++;
    sr += r;
    sg += g;
    sb += b;
    srr += r * r;
    sgg += g * g;
    sbb += b * b;
    srg += r * g;
    srb += r * b;
    sgb += g * b;
  }
  const three = n < 16;
  if (n === 0) {
    writeBlock(out, o, 0, 0, -1);
    return;
  }
  // n^2 * covariance, exact integers: zero trace means one colour.
  const vrr = n * srr - sr * sr;
  const vgg = n * sgg - sg * sg;
  const vbb = n * sbb - sb * sb;
  if (vrr + vgg + vbb === 0) {
    encodeSolid(out, o, n, three, transparent);
    return;
  }
  const vrg = n * srg - sr * sg;
  const vrb = n * srb - sr * sb;
  const vgb = n * sgb - sg * sb;
  sumR = sr;
  sumG = sg;
  sumB = sb;
  // Principal axis by power iteration, from the covariance row of the widest channel.
  let ar: number;
  let ag: number;
  let ab: number;
  if (vrr >= vgg && vrr >= vbb) {
    ar = vrr;
    ag = vrg;
    ab = vrb;
  } else if (vgg >= vbb) {
    ar = vrg;
    ag = vgg;
    ab = vgb;
  } else {
    ar = vrb;
    ag = vgb;
    ab = vbb;
  }
  for (let k = 0; k < 4; k++) {
    const r = vrr * ar + vrg * ag + vrb * ab;
    const g = vrg * ar + vgg * ag + vgb * ab;
    const b = vrb * ar + vgb * ag + vbb * ab;
    const m = Math.max(Math.abs(r), Math.abs(g), Math.abs(b));
    if (m === 0) break;
    ar = r / m;
    ag = g / m;
    ab = b / m;
  }
  // The extreme pixels along the axis are the first endpoints.
  let lo = 0;
  let hi = 0;
  let dLo = Infinity;
  let dHi = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = cr[i]! * ar + cg[i]! * ag + cb[i]! * ab;
    if (d < dLo) {
      dLo = d;
      lo = i;
    }
    if (d > dHi) {
      dHi = d;
      hi = i;
    }
  }
  const c0 = (Q5[cr[hi]!]! << 11) | (Q6[cg[hi]!]! << 5) | Q5[cb[hi]!]!;
  const c1 = (Q5[cr[lo]!]! << 11) | (Q6[cg[lo]!]! << 5) | Q5[cb[lo]!]!;
  const exhaustive = effort >= 2;
  searchLine(n, three, c0, c1, REFINEMENTS[effort]!, exhaustive);
  if (exhaustive) {
    neighbourSearch(n, three);
    if (!three) {
      // An opaque block may still fit better with 3 colours (index 3, transparent, unused).
      const k0 = bestC0;
      const k1 = bestC1;
      const kBits = bestBits;
      const kErr = bestErr;
      searchLine(n, true, c0, c1, 4, true);
      neighbourSearch(n, true);
      if (bestErr >= kErr) {
        bestC0 = k0;
        bestC1 = k1;
        bestBits = kBits;
      }
    }
  }
  writeBlock(out, o, bestC0, bestC1, bestBits | transparent);
}

function writeBlock(out: Uint8Array, o: number, c0: number, c1: number, bits: number): void {
  out[o] = c0 & 255;
  out[o + 1] = c0 >> 8;
  out[o + 2] = c1 & 255;
  out[o + 3] = c1 >> 8;
  out[o + 4] = bits & 255;
  out[o + 5] = (bits >>> 8) & 255;
  out[o + 6] = (bits >>> 16) & 255;
  out[o + 7] = bits >>> 24;
}

/** One colour for all n fitted pixels (the others are transparent: `transparent` index bits). */
function encodeSolid(out: Uint8Array, o: number, n: number, three: boolean, transparent: number): void {
  const r = cr[0]!;
  const g = cg[0]!;
  const b = cb[0]!;
  let c0: number;
  let c1: number;
  let index: number;
  if (three) {
    // c0 == c1 keeps the 3-colour mode; index 0 is the nearest 565 colour.
    c0 = c1 = (Q5[r]! << 11) | (Q6[g]! << 5) | Q5[b]!;
    index = 0;
  } else {
    const sr = SOLID5[r]!;
    const sg = SOLID6[g]!;
    const sb = SOLID5[b]!;
    c0 = ((sr >> 8) << 11) | ((sg >> 8) << 5) | (sb >> 8);
    c1 = ((sr & 255) << 11) | ((sg & 255) << 5) | (sb & 255);
    index = 2;
    if (c0 < c1) {
      const t = c0;
      c0 = c1;
      c1 = t;
      index = 3;
    } else if (c0 === c1) {
      // Equal endpoints would switch to 3-colour mode; the 565 colour itself is then exact enough.
      c0 = c1 = (Q5[r]! << 11) | (Q6[g]! << 5) | Q5[b]!;
      index = 0;
    }
  }
  let bits = 0;
  for (let i = 0; i < n; i++) bits |= index << cshift[i]!;
  writeBlock(out, o, c0, c1, bits | transparent);
}

/** Quantizes an RGB colour (any real values) to 565. */
function to565(r: number, g: number, b: number): number {
  const ri = r <= 0 ? 0 : r >= 255 ? 255 : Math.round(r);
  const gi = g <= 0 ? 0 : g >= 255 ? 255 : Math.round(g);
  const bi = b <= 0 ? 0 : b >= 255 ? 255 : Math.round(b);
  return (Q5[ri]! << 11) | (Q6[gi]! << 5) | Q5[bi]!;
}

/** Indexes (c0, c1), then refines by least squares up to `refinements` times; sets the best. */
function searchLine(n: number, three: boolean, c0: number, c1: number, refinements: number, exhaustive: boolean): void {
  bestErr = Infinity;
  tryEndpoints(n, three, c0, c1, exhaustive);
  const s = three ? 2 : 3;
  for (let k = 0; k < refinements; k++) {
    // The least-squares sums belong to the last pass, which was the best one.
    const u = lsU;
    const uu = lsUU;
    const a = n * s * s - 2 * s * u + uu;
    const b = s * u - uu;
    const c = uu;
    const det = a * c - b * b;
    if (det === 0) break;
    const x1r = lsUR;
    const x1g = lsUG;
    const x1b = lsUB;
    const x0r = s * sumR - x1r;
    const x0g = s * sumG - x1g;
    const x0b = s * sumB - x1b;
    const f = s / det;
    const e0 = to565((c * x0r - b * x1r) * f, (c * x0g - b * x1g) * f, (c * x0b - b * x1b) * f);
    const e1 = to565((a * x1r - b * x0r) * f, (a * x1g - b * x0g) * f, (a * x1b - b * x0b) * f);
    if ((e0 === passC0 && e1 === passC1) || (e0 === passC1 && e1 === passC0)) break;
    if (!tryEndpoints(n, three, e0, e1, exhaustive)) break;
  }
}

/** Indexes with (c0, c1) in either order; keeps them if they beat the best. True if kept. */
function tryEndpoints(n: number, three: boolean, c0: number, c1: number, exhaustive: boolean): boolean {
  const err = exhaustive ? indexExhaustive(n, three, c0, c1) : indexProjected(n, three, c0, c1);
  if (err < bestErr) {
    bestErr = err;
    bestC0 = passC0;
    bestC1 = passC1;
    bestBits = passBits;
    return true;
  }
  return false;
}

/** Best effort: one-step moves of each endpoint channel while any lowers the error. */
function neighbourSearch(n: number, three: boolean): void {
  // Field masks and unit steps of R, G, B in a 565 word.
  const masks = [0xf800, 0x07e0, 0x001f];
  const units = [0x0800, 0x0020, 0x0001];
  for (let round = 0; round < 8; round++) {
    let improved = false;
    for (let e = 0; e < 2; e++) {
      for (let ch = 0; ch < 3; ch++) {
        for (let dir = -1; dir <= 1; dir += 2) {
          const base = e === 0 ? bestC0 : bestC1;
          const moved = (base & masks[ch]!) + dir * units[ch]!;
          if (moved < 0 || moved > masks[ch]!) continue;
          const c = (base & ~masks[ch]!) | moved;
          if (tryEndpoints(n, three, e === 0 ? c : bestC0, e === 0 ? bestC1 : c, true)) improved = true;
        }
      }
    }
    if (!improved) break;
  }
}

/**
 * Orders the endpoints for the mode (4-colour: c0 > c1; 3-colour: c0 <= c1) into passC0/passC1
 * and fills the palette in step order; returns the last step (3 or 2), or 0 when the endpoints
 * are equal (a 4-colour block then decodes as 3-colour: entries 0-2 are that colour).
 */
function setPalette(three: boolean, c0: number, c1: number): number {
  if (three ? c0 > c1 : c0 < c1) {
    const t = c0;
    c0 = c1;
    c1 = t;
  }
  passC0 = c0;
  passC1 = c1;
  const r0 = E5[c0 >> 11]!;
  const g0 = E6[(c0 >> 5) & 63]!;
  const b0 = E5[c0 & 31]!;
  const r1 = E5[c1 >> 11]!;
  const g1 = E6[(c1 >> 5) & 63]!;
  const b1 = E5[c1 & 31]!;
  pal[0] = r0;
  pal[1] = g0;
  pal[2] = b0;
  if (c0 === c1) return 0;
  const last = three ? 2 : 3;
  if (three) {
    pal[3] = (r0 + r1 + 1) >> 1;
    pal[4] = (g0 + g1 + 1) >> 1;
    pal[5] = (b0 + b1 + 1) >> 1;
  } else {
    pal[3] = ((2 * r0 + r1 + 1) / 3) | 0;
    pal[4] = ((2 * g0 + g1 + 1) / 3) | 0;
    pal[5] = ((2 * b0 + b1 + 1) / 3) | 0;
    pal[6] = ((r0 + 2 * r1 + 1) / 3) | 0;
    pal[7] = ((g0 + 2 * g1 + 1) / 3) | 0;
    pal[8] = ((b0 + 2 * b1 + 1) / 3) | 0;
  }
  pal[last * 3] = r1;
  pal[last * 3 + 1] = g1;
  pal[last * 3 + 2] = b1;
  return last;
}

/**
 * Indexing pass by projection: the palette lies on the segment c0-c1 (give or take rounding), so
 * the nearest entry is the step nearest to the pixel's position along it. Sets passBits and the
 * least-squares sums; returns the squared error.
 */
function indexProjected(n: number, three: boolean, c0: number, c1: number): number {
  const last = setPalette(three, c0, c1);
  const r0 = pal[0]!;
  const g0 = pal[1]!;
  const b0 = pal[2]!;
  const dr = pal[last * 3]! - r0;
  const dg = pal[last * 3 + 1]! - g0;
  const db = pal[last * 3 + 2]! - b0;
  // Thresholds on 2 * last * dot(p - c0, d) between consecutive steps: dd, 3 dd, 5 dd.
  const dd = dr * dr + dg * dg + db * db;
  const t1 = dd;
  const t2 = 3 * dd;
  const t3 = last === 3 ? 5 * dd : 1e9;
  const scale = 2 * last;
  const map = last === 3 ? STEP_INDEX4 : STEP_INDEX3;
  let err = 0;
  let bits = 0;
  let u = 0;
  let uu = 0;
  let ur = 0;
  let ug = 0;
  let ub = 0;
  for (let i = 0; i < n; i++) {
    const r = cr[i]!;
    const g = cg[i]!;
    const b = cb[i]!;
    const t = ((r - r0) * dr + (g - g0) * dg + (b - b0) * db) * scale;
    const step = last === 0 ? 0 : (t > t1 ? 1 : 0) + (t > t2 ? 1 : 0) + (t > t3 ? 1 : 0);
    const p = step * 3;
    const xr = r - pal[p]!;
    const xg = g - pal[p + 1]!;
    const xb = b - pal[p + 2]!;
    err += xr * xr + xg * xg + xb * xb;
    bits |= map[step]! << cshift[i]!;
    u += step;
    uu += step * step;
    ur += step * r;
    ug += step * g;
    ub += step * b;
  }
  passBits = bits;
  lsU = u;
  lsUU = uu;
  lsUR = ur;
  lsUG = ug;
  lsUB = ub;
  return err;
}

/** Indexing pass against every palette entry (best effort); as indexProjected otherwise. */
function indexExhaustive(n: number, three: boolean, c0: number, c1: number): number {
  const last = setPalette(three, c0, c1);
  const map = last === 3 ? STEP_INDEX4 : STEP_INDEX3;
  let err = 0;
  let bits = 0;
  let u = 0;
  let uu = 0;
  let ur = 0;
  let ug = 0;
  let ub = 0;
  for (let i = 0; i < n; i++) {
    const r = cr[i]!;
    const g = cg[i]!;
    const b = cb[i]!;
    let step = 0;
    let d = 1e9;
    for (let e = 0, p = 0; e <= last; e++, p += 3) {
      const xr = r - pal[p]!;
      const xg = g - pal[p + 1]!;
      const xb = b - pal[p + 2]!;
      const de = xr * xr + xg * xg + xb * xb;
      if (de < d) {
        d = de;
        step = e;
      }
    }
    err += d;
    bits |= map[step]! << cshift[i]!;
    u += step;
    uu += step * step;
    ur += step * r;
    ug += step * g;
    ub += step * b;
  }
  passBits = bits;
  lsU = u;
  lsUU = uu;
  lsUR = ur;
  lsUG = ug;
  lsUB = ub;
  return err;
}
