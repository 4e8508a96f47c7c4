/**
 * Benchmark of trace mode (not a test): `node bench/svg-trace.ts [RUNS]`. Traces 1000×1000 images
 * (the size above which the AVIF to SVG tool reduces an image first, TRACE_MAX_PIXELS) with 2, 16
 * and 64 colours at each detail level and prints the median time, megapixels per second and the
 * SVG's size. Two images: flat artwork (shapes) and a noisy photo-like one (the slow case).
 */
import { median } from "./measure.ts";
import { traceSvg, type TraceDetail } from "#codecs/svg/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";

const SIZE = 1000;
const RUNS = Number(process.argv[2] ?? 3);

function image(paint: (x: number, y: number, noise: number) => [number, number, number]): RgbaImage {
  const data = new Uint8ClampedArray(SIZE * SIZE * 4);
  let s = 12345;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      data.set([...paint(x, y, (s >>> 0) % 24), 255], (y * SIZE + x) * 4);
    }
  }
  return { width: SIZE, height: SIZE, data };
}

const flat = image((x, y) => {
  if (x > 80 && x < 420 && y > 100 && y < 560) return [220, 30, 40];
  if ((x - 700) ** 2 + (y - 350) ** 2 < 200 ** 2) return [20, 60, 200];
  if (y > 600 && Math.abs(x - 500) < (y - 600) * 0.8) return [30, 170, 70];
  return [250, 250, 250];
});
const photo = image((x, y, n) => [(x * 255) / SIZE + n, (y * 255) / SIZE + Math.sin(x / 17) * 40 + n, ((x + y) * 128) / (2 * SIZE) + 80 + n]);

console.log(`Trace ${SIZE}x${SIZE} (${(SIZE * SIZE) / 1e6} MP), median of ${RUNS} (Node ${process.versions.node})`);
console.log("image  colours detail      ms   MP/s   SVG KB  paths");
for (const [name, img] of [["flat", flat], ["photo", photo]] as const) {
  for (const colors of [2, 16, 64]) {
    for (const detail of ["low", "medium", "high"] as TraceDetail[]) {
      if (colors !== 16 && detail !== "medium") continue;
      const times: number[] = [];
      let result = traceSvg(img, { colors, detail });
      for (let r = 1; r < RUNS; r++) {
        const t0 = performance.now();
        result = traceSvg(img, { colors, detail });
        times.push(performance.now() - t0);
      }
      const ms = RUNS > 1 ? median(times) : NaN;
      console.log(
        `${name.padEnd(6)} ${String(colors).padStart(7)} ${detail.padEnd(6)} ${ms.toFixed(0).padStart(7)} ${((SIZE * SIZE) / 1e6 / (ms / 1000)).toFixed(2).padStart(6)} ${(result.svg.length / 1024).toFixed(0).padStart(8)} ${String(result.paths).padStart(6)}`,
      );
    }
  }
}
