/**
 * Micro-benchmark of the block decoders (not a test): `node bench/dds-blocks.ts [FORMAT...]`.
 * Decodes a 4096x4096 buffer of random blocks per format (BC6H to float RGBA) and prints megapixels per second
 * (median of 5 runs after one warm-up run), by wall-clock time and by process CPU time (the latter is
 * steadier when the machine is busy).
 */
import { timed } from "./measure.ts";
import { blockBytes, decodeBlocksFloat, decodeBlocksRgba8, type BlockFormat } from "#codecs/dds/block.ts";

const SIZE = 4096;
const RUNS = 5;

/** Deterministic pseudo-random bytes (xorshift32). */
function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = s & 255;
  }
  return out;
}

const ALL: BlockFormat[] = ["BC1", "BC3", "BC5U", "BC7", "BC6HU"];
/** Issue 6's single-thread targets in MP/s (BC5 has none). */
const TARGETS: Partial<Record<BlockFormat, number>> = { BC1: 250, BC3: 150, BC7: 50, BC6HU: 25 };
/** Optional format names on the command line restrict the run, e.g. `node block.bench.ts BC7`. */
const picked = process.argv.slice(2).filter((f): f is BlockFormat => (ALL as string[]).includes(f));
const formats = picked.length > 0 ? picked : ALL;
const out = new Uint8ClampedArray(SIZE * SIZE * 4);
const outF = new Float32Array(SIZE * SIZE * 4);
console.log(`Block decode, ${SIZE}x${SIZE}, median of ${RUNS} (Node ${process.versions.node})`);
for (const format of formats) {
  const src = randomBytes((SIZE / 4) * (SIZE / 4) * blockBytes(format), 12345);
  const run =
    format === "BC6HU" || format === "BC6HS"
      ? () => decodeBlocksFloat(format, src, SIZE, SIZE, outF)
      : () => decodeBlocksRgba8(format, src, SIZE, SIZE, out);
  const { wall: ms, cpu: cms } = timed(run, RUNS);
  const mp = (SIZE * SIZE) / 1e6;
  console.log(
    `${format.padEnd(5)} ${ms.toFixed(1).padStart(8)} ms ${(mp / (ms / 1000)).toFixed(1).padStart(8)} MP/s` +
      `   (CPU time ${cms.toFixed(1)} ms, ${(mp / (cms / 1000)).toFixed(1)} MP/s)` +
      (TARGETS[format] ? `   target >= ${TARGETS[format]}: ${mp / (ms / 1000) >= TARGETS[format]! ? "PASS" : "FAIL"}` : ""),
  );
}
