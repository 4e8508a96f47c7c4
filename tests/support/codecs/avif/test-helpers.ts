/** Test helpers: AVIF files made by an independent encoder (ffmpeg with libaom) from PNGs, and hand-built box files. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { concatBytes } from "#tests/support/bytes.ts";

import { FFMPEG } from "#tests/support/reference-tools.ts";

export { FFMPEG };

function haveAvifEncoder(): boolean {
  try {
    const encoders = execFileSync(FFMPEG, ["-hide_banner", "-encoders"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const muxers = execFileSync(FFMPEG, ["-hide_banner", "-muxers"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return /\blibaom-av1\b/.test(encoders) && /\bavif\b/.test(muxers);
  } catch {
    return false;
  }
}
/** ffmpeg with the libaom AV1 encoder and the AVIF muxer (Debian's ffmpeg has both). */
export const HAVE_AVIF_ENCODER = haveAvifEncoder();

/**
 * Encodes a PNG to a still AVIF with ffmpeg/libaom. `alpha` keeps the PNG's alpha channel as the
 * AVIF's auxiliary alpha image; `lossless` uses crf 0 in 4:4:4, otherwise crf 20 in 4:2:0.
 */
export function avifFromPng(png: Uint8Array, { alpha = false, lossless = true }: { alpha?: boolean; lossless?: boolean } = {}): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), "avif-fixture-"));
  try {
    const input = join(dir, "in.png");
    const output = join(dir, "out.avif");
    writeFileSync(input, png);
    const quality = lossless ? ["-crf", "0"] : ["-crf", "20"];
    const args = alpha
      ? ["-filter_complex", "[0:v]format=yuva444p,split[c][a];[a]alphaextract[al]", "-map", "[c]", "-map", "[al]"]
      : ["-pix_fmt", lossless ? "yuv444p" : "yuv420p"];
    execFileSync(FFMPEG, ["-v", "error", "-y", "-i", input, ...args, "-frames:v", "1", "-c:v", "libaom-av1", "-still-picture", "1", ...quality, "-cpu-used", "8", output], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    return new Uint8Array(readFileSync(output));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One ISO BMFF box: 32-bit size, four-character type, content. */
export function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const size = 8 + content.reduce((n, part) => n + part.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(Array.from(type, (c) => c.charCodeAt(0)), 4);
  let at = 8;
  for (const part of content) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function u32(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
  return out;
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

export { concatBytes as concat };

/** A minimal HEIF-style file: ftyp with the given brands, then meta > iprp > ipco > ispe for each size. */
export function fakeAvif(brands: string[], sizes: [number, number][]): Uint8Array {
  const ispe = sizes.map(([w, h]) => box("ispe", u32(0, w, h)));
  const meta = box("meta", u32(0), box("hdlr", u32(0, 0), ascii("pict"), u32(0, 0, 0), new Uint8Array(1)), box("iprp", box("ipco", ...ispe)));
  return concatBytes(box("ftyp", ascii(brands[0]!), u32(0), ...brands.slice(1).map(ascii)), meta, box("mdat", new Uint8Array(16)));
}
