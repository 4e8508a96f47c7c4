/**
 * PNG encoding benchmark (not a test): `node bench/png-encode.ts [SIZE]`.
 *
 * A deterministic photo-like SIZE x SIZE picture (default 4096) goes through BC1 ("fast") and back,
 * as a DDS converted to PNG would be, then is encoded as PNG:
 * - level 1 (ours): encodePng, whose default level uses codecs/png/fast-deflate.ts;
 * - level 1 (fflate): the same Sub-filtered rows deflated by fflate's zlibSync at level 1, which
 *   is what encodePng did before (without the PNG chunk framing);
 * - level 6: encodePng (adaptive filters, fflate);
 * - DDS to PNG: decodeDds and encodePng at the default level, the whole conversion.
 * Each prints the median of RUNS (default 5) runs after one warm-up, by wall clock and by process
 * CPU time (steadier on a busy machine), MB/s of filtered row bytes, and the output size.
 */
import { timed } from "./measure.ts";
import { zlibSync } from "fflate";
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { filterSubRgba, pixelWords } from "#codecs/png/filter.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";

const SIZE = Number(process.argv[2]) || 4096;
const RUNS = Number(process.env.RUNS) || 5;

const dds = encodeDds(syntheticPhoto(SIZE, SIZE), { format: "bc1", quality: "fast" });
const image = decodeDds(dds);
const { width, height } = image;
const src = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
// every pixel is opaque after BC1, so PNG rows are RGB: a filter byte and 3 bytes a pixel
const rawBytes = height * (width * 3 + 1);

/** fflate on the rows encodePng would give it at level 1. */
function fflateLevel1(): Uint8Array {
  const rows = new Uint8Array(rawBytes);
  const pixels = pixelWords(src);
  for (let y = 0; y < height; y++) filterSubRgba(pixels, width, y, 3, rows, y * (width * 3 + 1));
  return zlibSync(rows, { level: 1 });
}

const cases: [string, () => Uint8Array][] = [
  ["level 1 (ours)", () => encodePng(image, { level: 1 })],
  ["level 1 (fflate)", fflateLevel1],
  ["level 6", () => encodePng(image, { level: 6 })],
  ["DDS to PNG", () => encodePng(decodeDds(dds))],
];

const check = decodePng(encodePng(image));
if (!Buffer.from(check.data).equals(Buffer.from(src))) throw new Error("encodePng did not round-trip");
console.log(`PNG encode of a BC1-decoded ${width}x${height} photo (${(rawBytes / 1e6).toFixed(1)} MB of rows), median of ${RUNS} (Node ${process.versions.node})`);
for (const [name, run] of cases) {
  let size = 0;
  const { wall: ms, cpu: cms } = timed(() => {
    size = run().length;
  }, RUNS);
  console.log(
    `${name.padEnd(17)} ${ms.toFixed(0).padStart(6)} ms ${(rawBytes / 1e3 / ms).toFixed(0).padStart(5)} MB/s` +
      `  (CPU ${cms.toFixed(0)} ms, ${(rawBytes / 1e3 / cms).toFixed(0)} MB/s)  ${(size / 1e6).toFixed(2)} MB`,
  );
}
