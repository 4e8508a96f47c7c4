// PalmDOC compression (LZ77 with a 2047-byte window) of one text record, as MOBI and KF8 text
// records use it. The decoder's byte codes:
//   0x00, 0x09-0x7f  the byte itself
//   0x01-0x08        that many literal bytes follow
//   0x80-0xbf        with the next byte: 0b10 + 11-bit distance + 3-bit (length − 3), a copy
//   0xc0-0xff        a space and then (byte ^ 0x80)
// Matches are found through hash chains of 3-byte prefixes, each chain walked a bounded number of
// steps, so a record costs O(n) rather than O(n²).

/** Records are at most this long before compression. */
export const PALMDOC_RECORD_SIZE = 4096;

const MAX_DISTANCE = 2047;
const MIN_MATCH = 3;
const MAX_MATCH = 10;
const HASH_BITS = 12;
const HASH_SIZE = 1 << HASH_BITS;
/** Chain steps per position: enough for text, bounded for hostile input. */
const MAX_CHAIN = 48;

const hashAt = (data: Uint8Array, i: number) => ((((data[i] ?? 0) << 8) ^ ((data[i + 1] ?? 0) << 4) ^ (data[i + 2] ?? 0)) * 2654435761) >>> (32 - HASH_BITS);

/** Needs a literal-run escape to appear as itself. */
const needsEscape = (byte: number) => (byte >= 0x01 && byte <= 0x08) || byte >= 0x80;

/** Compresses one record of at most 4096 bytes (longer input is refused: records are cut first). */
export function compressPalmDoc(data: Uint8Array): Uint8Array {
  if (data.length > PALMDOC_RECORD_SIZE) throw new RangeError(`A PalmDOC record holds at most ${PALMDOC_RECORD_SIZE} bytes, not ${data.length}`);
  const n = data.length;
  // worst case: runs of one escaped byte, 2 bytes each
  const out = new Uint8Array(2 * n + 16);
  let size = 0;
  const head = new Int32Array(HASH_SIZE).fill(-1);
  const previous = new Int32Array(Math.max(1, n)).fill(-1);
  let hashed = 0; // positions below this are in the chains

  const insertUpTo = (end: number) => {
    for (; hashed < end && hashed + MIN_MATCH <= n; hashed++) {
      const h = hashAt(data, hashed);
      previous[hashed] = head[h] ?? -1;
      head[h] = hashed;
    }
    if (hashed < end) hashed = end;
  };

  /** The longest earlier copy of the bytes at `at`: [distance, length], length 0 when none. */
  const findMatch = (at: number): [number, number] => {
    if (at + MIN_MATCH > n) return [0, 0];
    insertUpTo(at);
    const limit = Math.min(MAX_MATCH, n - at);
    let bestLength = 0;
    let bestDistance = 0;
    let candidate = head[hashAt(data, at)] ?? -1;
    for (let steps = 0; candidate >= 0 && steps < MAX_CHAIN; steps++) {
      const distance = at - candidate;
      if (distance > MAX_DISTANCE) break;
      let length = 0;
      while (length < limit && data[candidate + length] === data[at + length]) length++;
      if (length > bestLength) {
        bestLength = length;
        bestDistance = distance;
        if (length === limit) break;
      }
      candidate = previous[candidate] ?? -1;
    }
    return bestLength >= MIN_MATCH ? [bestDistance, bestLength] : [0, 0];
  };

  let i = 0;
  while (i < n) {
    const [distance, length] = findMatch(i);
    if (length > 0) {
      const code = 0x8000 | (distance << 3) | (length - MIN_MATCH);
      out[size++] = code >> 8;
      out[size++] = code & 0xff;
      i += length;
      continue;
    }
    const byte = data[i] ?? 0;
    const next = data[i + 1];
    if (byte === 0x20 && next !== undefined && next >= 0x40 && next <= 0x7f) {
      out[size++] = next ^ 0x80;
      i += 2;
      continue;
    }
    if (!needsEscape(byte)) {
      out[size++] = byte;
      i++;
      continue;
    }
    // a literal run: escaped bytes up to 8, stopping where a copy could start instead
    let end = i + 1;
    while (end < n && end - i < 8 && needsEscape(data[end] ?? 0) && findMatch(end)[1] === 0) end++;
    out[size++] = end - i;
    out.set(data.subarray(i, end), size);
    size += end - i;
    i = end;
  }
  return out.slice(0, size);
}
