// The inverse DCT of one 8×8 block, dequantizing as it goes: the accurate integer method of Loeffler,
// Ligtenberg and Moschytz with 13-bit constants, the one libjpeg uses by default ("islow"), so our
// samples match djpeg's and Pillow's to the bit on the same coefficients.

const CONST_BITS = 13;
// cos-based constants, scaled by 2^13
const F_0_298 = 2446;
const F_0_390 = 3196;
const F_0_541 = 4433;
const F_0_765 = 6270;
const F_0_899 = 7373;
const F_1_175 = 9633;
const F_1_501 = 12299;
const F_1_847 = 15137;
const F_1_961 = 16069;
const F_2_053 = 16819;
const F_2_562 = 20995;
const F_3_072 = 25172;

// Hot path: columns into the workspace (scaled up by PASS1_BITS), then rows out to samples with the
// level shift (+128, or +2048 for 12-bit samples) and clamping. A column or row whose AC terms are
// all zero is a constant. One closure per sample size, so each sees one array type.
function makeIdct<Samples extends Uint8Array | Uint16Array>(PASS1_BITS: number, centre: number, max: number) {
  const workspace = new Int32Array(64);
  /** The sample for an IDCT result before the level shift, clamped. */
  const clampSample = (x: number): number => (x < -centre ? 0 : x >= max + 1 - centre ? max : x + centre);
  return function idct(block: Int16Array, at: number, quant: Int32Array, out: Samples, outAt: number, stride: number): void {
    const ws = workspace;
    for (let col = 0; col < 8; col++) {
      const b = at + col;
      if (block[b + 8] === 0 && block[b + 16] === 0 && block[b + 24] === 0 && block[b + 32] === 0 && block[b + 40] === 0 && block[b + 48] === 0 && block[b + 56] === 0) {
        const dc = (block[b]! * quant[col]!) << PASS1_BITS;
        for (let row = 0; row < 64; row += 8) ws[row + col] = dc;
        continue;
      }
      // even part
      let z2 = block[b + 16]! * quant[col + 16]!;
      let z3 = block[b + 48]! * quant[col + 48]!;
      let z1 = (z2 + z3) * F_0_541;
      let tmp2 = z1 - z3 * F_1_847;
      let tmp3 = z1 + z2 * F_0_765;
      z2 = block[b]! * quant[col]!;
      z3 = block[b + 32]! * quant[col + 32]!;
      let tmp0 = (z2 + z3) * 8192;
      let tmp1 = (z2 - z3) * 8192;
      const tmp10 = tmp0 + tmp3;
      const tmp13 = tmp0 - tmp3;
      const tmp11 = tmp1 + tmp2;
      const tmp12 = tmp1 - tmp2;
      // odd part
      tmp0 = block[b + 56]! * quant[col + 56]!;
      tmp1 = block[b + 40]! * quant[col + 40]!;
      tmp2 = block[b + 24]! * quant[col + 24]!;
      tmp3 = block[b + 8]! * quant[col + 8]!;
      z1 = tmp0 + tmp3;
      z2 = tmp1 + tmp2;
      z3 = tmp0 + tmp2;
      let z4 = tmp1 + tmp3;
      const z5 = (z3 + z4) * F_1_175;
      tmp0 *= F_0_298;
      tmp1 *= F_2_053;
      tmp2 *= F_3_072;
      tmp3 *= F_1_501;
      z1 *= -F_0_899;
      z2 *= -F_2_562;
      z3 = z3 * -F_1_961 + z5;
      z4 = z4 * -F_0_390 + z5;
      tmp0 += z1 + z3;
      tmp1 += z2 + z4;
      tmp2 += z2 + z3;
      tmp3 += z1 + z4;
      const shift = CONST_BITS - PASS1_BITS;
      const round = 1 << (shift - 1);
      ws[col] = (tmp10 + tmp3 + round) >> shift;
      ws[col + 56] = (tmp10 - tmp3 + round) >> shift;
      ws[col + 8] = (tmp11 + tmp2 + round) >> shift;
      ws[col + 48] = (tmp11 - tmp2 + round) >> shift;
      ws[col + 16] = (tmp12 + tmp1 + round) >> shift;
      ws[col + 40] = (tmp12 - tmp1 + round) >> shift;
      ws[col + 24] = (tmp13 + tmp0 + round) >> shift;
      ws[col + 32] = (tmp13 - tmp0 + round) >> shift;
    }
    const shift = CONST_BITS + PASS1_BITS + 3;
    const round = 1 << (shift - 1);
    for (let row = 0; row < 64; row += 8) {
      let o = outAt + (row >> 3) * stride;
      if (ws[row + 1] === 0 && ws[row + 2] === 0 && ws[row + 3] === 0 && ws[row + 4] === 0 && ws[row + 5] === 0 && ws[row + 6] === 0 && ws[row + 7] === 0) {
        const v = clampSample((ws[row]! + (1 << (PASS1_BITS + 2))) >> (PASS1_BITS + 3));
        out.fill(v, o, o + 8);
        continue;
      }
      let z2 = ws[row + 2]!;
      let z3 = ws[row + 6]!;
      let z1 = (z2 + z3) * F_0_541;
      let tmp2 = z1 - z3 * F_1_847;
      let tmp3 = z1 + z2 * F_0_765;
      z2 = ws[row]!;
      z3 = ws[row + 4]!;
      let tmp0 = (z2 + z3) * 8192;
      let tmp1 = (z2 - z3) * 8192;
      const tmp10 = tmp0 + tmp3;
      const tmp13 = tmp0 - tmp3;
      const tmp11 = tmp1 + tmp2;
      const tmp12 = tmp1 - tmp2;
      tmp0 = ws[row + 7]!;
      tmp1 = ws[row + 5]!;
      tmp2 = ws[row + 3]!;
      tmp3 = ws[row + 1]!;
      z1 = tmp0 + tmp3;
      z2 = tmp1 + tmp2;
      z3 = tmp0 + tmp2;
      let z4 = tmp1 + tmp3;
      const z5 = (z3 + z4) * F_1_175;
      tmp0 *= F_0_298;
      tmp1 *= F_2_053;
      tmp2 *= F_3_072;
      tmp3 *= F_1_501;
      z1 *= -F_0_899;
      z2 *= -F_2_562;
      z3 = z3 * -F_1_961 + z5;
      z4 = z4 * -F_0_390 + z5;
      tmp0 += z1 + z3;
      tmp1 += z2 + z4;
      tmp2 += z2 + z3;
      tmp3 += z1 + z4;
      out[o++] = clampSample(((tmp10 + tmp3 + round) >> shift));
      out[o++] = clampSample(((tmp11 + tmp2 + round) >> shift));
      out[o++] = clampSample(((tmp12 + tmp1 + round) >> shift));
      out[o++] = clampSample(((tmp13 + tmp0 + round) >> shift));
      out[o++] = clampSample(((tmp13 - tmp0 + round) >> shift));
      out[o++] = clampSample(((tmp12 - tmp1 + round) >> shift));
      out[o++] = clampSample(((tmp11 - tmp2 + round) >> shift));
      out[o] = clampSample(((tmp10 - tmp3 + round) >> shift));
    }
  };
}

/** 8-bit samples: libjpeg's accurate integer IDCT with PASS1_BITS 2. Results are clamped (libjpeg's C
 * code wraps far out-of-range values of corrupt data; its SIMD code, which djpeg and Pillow run,
 * saturates like this). */
export const idctBlock = makeIdct<Uint8Array>(2, 128, 255);

/** 12-bit samples (extended sequential and progressive JPEG): PASS1_BITS 1, as libjpeg's 12-bit build. */
export const idctBlock12 = makeIdct<Uint16Array>(1, 2048, 4095);
