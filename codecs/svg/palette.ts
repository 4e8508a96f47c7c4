// The tracer's starting palette. imagetracerjs's own choices are a fixed grid of samples (which
// misses small areas of colour) or random colours; ours is deterministic and fits the image: its
// exact colours when it has no more than asked for (so flat artwork traces without a colour shift),
// otherwise a median cut over up to 64 K sampled pixels, which the tracer then refines (k-means).
import type { TracerColor, TracerImage } from "./imagetracer.ts";

const MAX_SAMPLES = 65536;

/** Up to `count` colours for `image` (RGBA, straight alpha; fully transparent pixels count as one colour). */
export function choosePalette(image: TracerImage, count: number): TracerColor[] {
  return exactColors(image, count) ?? medianCut(sample(image), count);
}

/** The image's distinct colours, most frequent first, or null when there are more than `limit`. */
export function exactColors(image: TracerImage, limit: number): TracerColor[] | null {
  const counts = new Map<number, number>();
  const { data } = image;
  const end = image.width * image.height * 4;
  for (let i = 0; i < end; i += 4) {
    const key = data[i + 3] === 0 ? 0 : ((data[i]! << 24) | (data[i + 1]! << 16) | (data[i + 2]! << 8) | data[i + 3]!) >>> 0;
    const seen = counts.get(key);
    if (seen === undefined) {
      if (counts.size === limit) return null;
      counts.set(key, 1);
    } else {
      counts.set(key, seen + 1);
    }
  }
  return [...counts]
    .toSorted((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([key]) => ({ r: key >>> 24, g: (key >>> 16) & 255, b: (key >>> 8) & 255, a: key & 255 }));
}

/** Every n-th pixel, at most MAX_SAMPLES of them, as packed RGBA bytes (transparent ones as 0,0,0,0). */
function sample(image: TracerImage): Uint8Array {
  const pixels = image.width * image.height;
  const step = Math.max(1, Math.ceil(pixels / MAX_SAMPLES));
  const out = new Uint8Array(Math.ceil(pixels / step) * 4);
  let o = 0;
  for (let p = 0; p < pixels; p += step) {
    const i = p * 4;
    if (image.data[i + 3] !== 0) {
      out[o] = image.data[i]!;
      out[o + 1] = image.data[i + 1]!;
      out[o + 2] = image.data[i + 2]!;
      out[o + 3] = image.data[i + 3]!;
    }
    o += 4;
  }
  return out;
}

interface Box {
  start: number;
  end: number;
  /** the channel (0-3) with the widest range, and that range */
  channel: number;
  range: number;
}

/** Heckbert's median cut on RGBA samples: split the box with the largest range × size until there are `count`. */
export function medianCut(samples: Uint8Array, count: number): TracerColor[] {
  const n = samples.length / 4;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const boxes: Box[] = [measure(samples, order, 0, n)];
  while (boxes.length < count) {
    let best = -1;
    let bestScore = 0;
    boxes.forEach((box, i) => {
      const score = box.range * (box.end - box.start);
      if (box.range > 0 && box.end - box.start > 1 && score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    if (best < 0) break; // every box holds one colour
    const box = boxes[best]!;
    const middle = splitAtMedian(samples, order, box);
    boxes.splice(best, 1, measure(samples, order, box.start, middle), measure(samples, order, middle, box.end));
  }
  return boxes.map((box) => average(samples, order, box));
}

function measure(samples: Uint8Array, order: Uint32Array, start: number, end: number): Box {
  const min = [255, 255, 255, 255];
  const max = [0, 0, 0, 0];
  for (let k = start; k < end; k++) {
    const i = order[k]! * 4;
    for (let c = 0; c < 4; c++) {
      const v = samples[i + c]!;
      if (v < min[c]!) min[c] = v;
      if (v > max[c]!) max[c] = v;
    }
  }
  let channel = 0;
  for (let c = 1; c < 4; c++) if (max[c]! - min[c]! > max[channel]! - min[channel]!) channel = c;
  return { start, end, channel, range: Math.max(0, max[channel]! - min[channel]!) };
}

/** Counting-sorts the box's samples by its widest channel and returns the index where the upper half starts. */
function splitAtMedian(samples: Uint8Array, order: Uint32Array, box: Box): number {
  const { start, end, channel } = box;
  const histogram = new Uint32Array(257);
  for (let k = start; k < end; k++) histogram[samples[order[k]! * 4 + channel]! + 1]!++;
  for (let v = 1; v < 257; v++) histogram[v]! += histogram[v - 1]!;
  const sorted = new Uint32Array(end - start);
  for (let k = start; k < end; k++) {
    const index = order[k]!;
    sorted[histogram[samples[index * 4 + channel]!]!++] = index;
  }
  order.set(sorted, start);
  // split between two different values, as near the middle as possible, so both halves are non-empty
  const half = start + ((end - start) >> 1);
  const valueAt = (k: number) => samples[order[k]! * 4 + channel]!;
  let split = half;
  while (split < end && valueAt(split) === valueAt(split - 1)) split++;
  if (split === end) {
    split = half;
    while (split > start + 1 && valueAt(split) === valueAt(split - 1)) split--;
  }
  return split;
}

function average(samples: Uint8Array, order: Uint32Array, box: Box): TracerColor {
  const sum = [0, 0, 0, 0];
  for (let k = box.start; k < box.end; k++) {
    const i = order[k]! * 4;
    for (let c = 0; c < 4; c++) sum[c]! += samples[i + c]!;
  }
  const n = Math.max(1, box.end - box.start);
  return { r: Math.round(sum[0]! / n), g: Math.round(sum[1]! / n), b: Math.round(sum[2]! / n), a: Math.round(sum[3]! / n) };
}
