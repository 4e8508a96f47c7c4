// The probability estimation state machine of the JPEG arithmetic coder (ITU-T T.81 Table D.2): for
// each state, the LPS probability estimate Qe, the next state after an MPS and after an LPS, and
// whether an LPS swaps the meaning of MPS. Entry 113 is a fixed 0.5 estimate for the sign bits
// (T.851 section 10.3, as libjpeg does).
const TABLE = [
  // Qe, next after MPS, next after LPS, switch
  0x5a1d, 1, 1, 1,   0x2586, 2, 14, 0,  0x1114, 3, 16, 0,  0x080b, 4, 18, 0,  0x03d8, 5, 20, 0,
  0x01da, 6, 23, 0,  0x00e5, 7, 25, 0,  0x006f, 8, 28, 0,  0x0036, 9, 30, 0,  0x001a, 10, 33, 0,
  0x000d, 11, 35, 0, 0x0006, 12, 9, 0,  0x0003, 13, 10, 0, 0x0001, 13, 12, 0, 0x5a7f, 15, 15, 1,
  0x3f25, 16, 36, 0, 0x2cf2, 17, 38, 0, 0x207c, 18, 39, 0, 0x17b9, 19, 40, 0, 0x1182, 20, 42, 0,
  0x0cef, 21, 43, 0, 0x09a1, 22, 45, 0, 0x072f, 23, 46, 0, 0x055c, 24, 48, 0, 0x0406, 25, 49, 0,
  0x0303, 26, 51, 0, 0x0240, 27, 52, 0, 0x01b1, 28, 54, 0, 0x0144, 29, 56, 0, 0x00f5, 30, 57, 0,
  0x00b7, 31, 59, 0, 0x008a, 32, 60, 0, 0x0068, 33, 62, 0, 0x004e, 34, 63, 0, 0x003b, 35, 32, 0,
  0x002c, 9, 33, 0,  0x5ae1, 37, 37, 1, 0x484c, 38, 64, 0, 0x3a0d, 39, 65, 0, 0x2ef1, 40, 67, 0,
  0x261f, 41, 68, 0, 0x1f33, 42, 69, 0, 0x19a8, 43, 70, 0, 0x1518, 44, 72, 0, 0x1177, 45, 73, 0,
  0x0e74, 46, 74, 0, 0x0bfb, 47, 75, 0, 0x09f8, 48, 77, 0, 0x0861, 49, 78, 0, 0x0706, 50, 79, 0,
  0x05cd, 51, 48, 0, 0x04de, 52, 50, 0, 0x040f, 53, 50, 0, 0x0363, 54, 51, 0, 0x02d4, 55, 52, 0,
  0x025c, 56, 53, 0, 0x01f8, 57, 54, 0, 0x01a4, 58, 55, 0, 0x0160, 59, 56, 0, 0x0125, 60, 57, 0,
  0x00f6, 61, 58, 0, 0x00cb, 62, 59, 0, 0x00ab, 63, 61, 0, 0x008f, 32, 61, 0, 0x5b12, 65, 65, 1,
  0x4d04, 66, 80, 0, 0x412c, 67, 81, 0, 0x37d8, 68, 82, 0, 0x2fe8, 69, 83, 0, 0x293c, 70, 84, 0,
  0x2379, 71, 86, 0, 0x1edf, 72, 87, 0, 0x1aa9, 73, 87, 0, 0x174e, 74, 72, 0, 0x1424, 75, 72, 0,
  0x119c, 76, 74, 0, 0x0f6b, 77, 74, 0, 0x0d51, 78, 75, 0, 0x0bb6, 79, 77, 0, 0x0a40, 48, 77, 0,
  0x5832, 81, 80, 1, 0x4d1c, 82, 88, 0, 0x438e, 83, 89, 0, 0x3bdd, 84, 90, 0, 0x34ee, 85, 91, 0,
  0x2eae, 86, 92, 0, 0x299a, 87, 93, 0, 0x2516, 71, 86, 0, 0x5570, 89, 88, 1, 0x4ca9, 90, 95, 0,
  0x44d9, 91, 96, 0, 0x3e22, 92, 97, 0, 0x3824, 93, 99, 0, 0x32b4, 94, 99, 0, 0x2e17, 86, 93, 0,
  0x56a8, 96, 95, 1, 0x4f46, 97, 101, 0, 0x47e5, 98, 102, 0, 0x41cf, 99, 103, 0, 0x3c3d, 100, 104, 0,
  0x375e, 93, 99, 0, 0x5231, 102, 105, 0, 0x4c0f, 103, 106, 0, 0x4639, 104, 107, 0, 0x415e, 99, 103, 0,
  0x5627, 106, 105, 1, 0x50e7, 107, 108, 0, 0x4b85, 103, 109, 0, 0x5597, 109, 110, 0, 0x504f, 107, 111, 0,
  0x5a10, 111, 110, 1, 0x5522, 109, 112, 0, 0x59eb, 111, 112, 1, 0x5a1d, 113, 113, 0,
];

export const STATE_COUNT = TABLE.length / 4;
export const QE = new Uint16Array(STATE_COUNT);
export const NEXT_MPS = new Uint8Array(STATE_COUNT);
export const NEXT_LPS = new Uint8Array(STATE_COUNT);
export const SWITCH_MPS = new Uint8Array(STATE_COUNT);
for (let i = 0; i < STATE_COUNT; i++) {
  QE[i] = TABLE[i * 4]!;
  NEXT_MPS[i] = TABLE[i * 4 + 1]!;
  NEXT_LPS[i] = TABLE[i * 4 + 2]!;
  SWITCH_MPS[i] = TABLE[i * 4 + 3]!;
}

/** The state of the fixed 0.5 estimate used for sign and refinement bits. */
export const FIXED_HALF_STATE = 113;
