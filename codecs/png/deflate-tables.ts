// Deflate's length and distance code tables (RFC 1951 §3.2.5) and the fixed Huffman code lengths.

/** First match length of each length code (symbols 257-285). */
export const LENGTH_BASE = new Uint16Array([3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]);
export const LENGTH_EXTRA = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
/** First distance of each distance code (0-29). */
export const DISTANCE_BASE = new Uint16Array([
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
]);
export const DISTANCE_EXTRA = new Uint8Array([0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]);

/** Length code index (0-28, symbol minus 257) of each match length 3-258. */
export const LENGTH_CODE = (() => {
  const table = new Uint8Array(259);
  for (let code = 0; code < 29; code++) {
    const last = code === 28 ? 258 : LENGTH_BASE[code + 1]! - 1;
    for (let len = LENGTH_BASE[code]!; len <= last; len++) table[len] = code;
  }
  return table;
})();

/** Distance code of each distance 1-32768. */
export const DISTANCE_CODE = (() => {
  const table = new Uint8Array(32769);
  for (let code = 0; code < 30; code++) {
    const last = code === 29 ? 32768 : DISTANCE_BASE[code + 1]! - 1;
    for (let d = DISTANCE_BASE[code]!; d <= last; d++) table[d] = code;
  }
  return table;
})();

/** Order in which the code-length code's lengths are sent. */
export const CODE_LENGTH_ORDER = new Uint8Array([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);

/** The fixed literal/length (288) and distance (30) code lengths of block type 1. */
export const FIXED_LITERAL_LENGTHS = (() => {
  const lengths = new Uint8Array(288);
  lengths.fill(8, 0, 144);
  lengths.fill(9, 144, 256);
  lengths.fill(7, 256, 280);
  lengths.fill(8, 280, 288);
  return lengths;
})();
export const FIXED_DISTANCE_LENGTHS = new Uint8Array(30).fill(5);
