// Length-limited Huffman code lengths and canonical codes for deflate (RFC 1951 §3.2.2).

/**
 * Code lengths (0 = unused) for `count` symbols with frequencies `freq`, none above `limit`.
 * The code is always complete (Kraft sum exactly 1): a lone used symbol gets a partner of
 * length 1, because zlib's inflate refuses incomplete code-length and literal/length codes.
 */
export function codeLengths(freq: Int32Array, count: number, limit: number): Uint8Array {
  const lengths = new Uint8Array(count);
  // used symbols sorted by ascending frequency (ties by symbol): key = freq * 512 + symbol
  const keys: number[] = [];
  for (let s = 0; s < count; s++) if (freq[s]! > 0) keys.push(freq[s]! * 512 + s);
  if (keys.length === 0) return lengths;
  if (keys.length === 1) {
    const s = keys[0]! % 512;
    lengths[s] = 1;
    lengths[s === 0 ? 1 : 0] = 1;
    return lengths;
  }
  keys.sort((a, b) => a - b);
  const n = keys.length;
  const bits = huffmanDepths(keys.map((k) => Math.floor(k / 512)));
  // how many leaves sit at each depth, deeper ones pulled up to `limit` and the Kraft sum repaired
  const perLength = new Int32Array(Math.max(limit, bits.reduce((m, b) => Math.max(m, b), 0)) + 1);
  for (const b of bits) perLength[Math.min(b, limit)]! += 1;
  let kraft = 0;
  for (let len = 1; len <= limit; len++) kraft += perLength[len]! * 2 ** (limit - len);
  // each step drops one unit: a leaf at `limit` moves under a shallower leaf, which sinks a level
  while (kraft > 2 ** limit) {
    perLength[limit]! -= 1;
    let len = limit - 1;
    while (perLength[len] === 0) len--;
    perLength[len]! -= 1;
    perLength[len + 1]! += 2;
    kraft -= 1;
  }
  // the rarest symbols take the longest codes
  let next = 0;
  for (let len = limit; len >= 1; len--) {
    for (let k = 0; k < perLength[len]!; k++) lengths[keys[next++]! % 512] = len;
  }
  if (next !== n) throw new Error("Huffman length assignment lost symbols");
  return lengths;
}

/** Leaf depths of a Huffman tree over `weights` (ascending), built with two queues. */
function huffmanDepths(weights: number[]): number[] {
  const n = weights.length;
  const weight = new Float64Array(2 * n - 1);
  const parent = new Int32Array(2 * n - 1);
  weight.set(weights);
  // internal nodes are created in nondecreasing weight order, so they form the second queue
  let leaf = 0;
  let inner = n;
  for (let node = n; node < 2 * n - 1; node++) {
    for (let child = 0; child < 2; child++) {
      const takeLeaf = leaf < n && (inner >= node || weight[leaf]! <= weight[inner]!);
      const pick = takeLeaf ? leaf++ : inner++;
      parent[pick] = node;
      weight[node]! += weight[pick]!;
    }
  }
  // the root is created last, so walking back visits each parent before its children
  const depth = new Int32Array(2 * n - 1);
  for (let node = 2 * n - 3; node >= 0; node--) depth[node] = depth[parent[node]!]! + 1;
  return Array.from(depth.subarray(0, n));
}

/** Canonical codes for `lengths`, bit-reversed because deflate sends Huffman codes from the top bit down. */
export function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const perLength = new Int32Array(16);
  for (const len of lengths) perLength[len]! += 1;
  perLength[0] = 0;
  const next = new Int32Array(16);
  for (let len = 1, code = 0; len < 16; len++) {
    code = (code + perLength[len - 1]!) << 1;
    next[len] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const len = lengths[s]!;
    if (len === 0) continue;
    let code = next[len]!++;
    let reversed = 0;
    for (let b = 0; b < len; b++) {
      reversed = (reversed << 1) | (code & 1);
      code >>= 1;
    }
    codes[s] = reversed;
  }
  return codes;
}
