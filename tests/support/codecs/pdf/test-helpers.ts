/** Test helpers for the TIFF, PSB and PDF codecs: ImageMagick to make and decode fixtures, poppler and qpdf to check PDFs. */
import { execFileSync } from "node:child_process";
export { HAVE_IMAGEMAGICK, HAVE_POPPLER, HAVE_QPDF, IMAGEMAGICK } from "#tests/support/reference-tools.ts";
export { magick, magickRgba } from "#tests/support/imagemagick.ts";
export { difference } from "#tests/support/pixel-difference.ts";
export { scratch } from "#tests/support/scratch.ts";

/** PSNR in dB of two RGB(A) buffers over the colour channels (Infinity when equal). */
export function psnr(a: Uint8Array, b: Uint8Array, channels: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % channels === 3) continue;
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
    n++;
  }
  return sum === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / (sum / n));
}

export interface PdfInfo {
  pages: number;
  /** each page's size in points, as pdfinfo prints it */
  sizes: { width: number; height: number }[];
}

/** poppler's pdfinfo: page count and every page's size. */
export function pdfinfo(file: string): PdfInfo {
  const text = execFileSync("pdfinfo", ["-f", "1", "-l", "100000", file], { encoding: "utf8" });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(text)?.[1]);
  const sizes = [...text.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  return { pages, sizes };
}

/** poppler's pdftoppm: one page rendered to RGB at a resolution, as raw pixels. */
export function pdftoppm(file: string, page: number, dpi: number): { width: number; height: number; rgb: Uint8Array } {
  const ppm = new Uint8Array(execFileSync("pdftoppm", ["-f", String(page), "-l", String(page), "-r", String(dpi), "-aa", "no", "-aaVector", "no", file], { maxBuffer: 1 << 28 }));
  // binary PPM: "P6\n<w> <h>\n255\n" then RGB
  let offset = 0;
  const fields: number[] = [];
  let token = "";
  while (fields.length < 4) {
    const ch = String.fromCharCode(ppm[offset++]!);
    if (/\s/.test(ch)) {
      if (token) fields.push(token === "P6" ? 6 : Number(token));
      token = "";
    } else token += ch;
  }
  return { width: fields[1]!, height: fields[2]!, rgb: ppm.subarray(offset) };
}

/**
 * A page as pixels of its image: rendered at `scale` times the image's resolution, then each
 * image pixel read at the centre of its scale × scale block (at exactly 1:1 poppler resamples with
 * a half-pixel offset, which would blur a one-pixel pattern).
 */
export function pdfPagePixels(file: string, page: number, dpi: number, scale = 4): { width: number; height: number; rgb: Uint8Array } {
  const big = pdftoppm(file, page, dpi * scale);
  const width = Math.round(big.width / scale);
  const height = Math.round(big.height / scale);
  const rgb = new Uint8Array(width * height * 3);
  const half = scale >> 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = ((y * scale + half) * big.width + x * scale + half) * 3;
      rgb.set(big.rgb.subarray(from, from + 3), (y * width + x) * 3);
    }
  }
  return { width, height, rgb };
}

/** qpdf --check: exit 0 and no warnings. */
export function qpdfCheck(file: string): string {
  return execFileSync("qpdf", ["--check", file], { encoding: "utf8" });
}

/** RGBA to RGB, compositing on white (what a PDF viewer shows for a transparent pixel). */
export function rgbaOnWhite(data: Uint8Array | Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array((data.length / 4) * 3);
  for (let i = 0, o = 0; i < data.length; i += 4, o += 3) {
    const a = (data[i + 3] as number) / 255;
    for (let c = 0; c < 3; c++) out[o + c] = Math.round((data[i + c] as number) * a + 255 * (1 - a));
  }
  return out;
}
