/** Test helpers for the TIFF, PSB and PDF codecs: ImageMagick to make and decode fixtures, poppler and qpdf to check PDFs. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
export { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "../../tests/support/reference-tools.ts";
import { IMAGEMAGICK } from "../../tests/support/reference-tools.ts";

function onPath(tool: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
export const HAVE_POPPLER = onPath("pdfinfo") && onPath("pdftoppm");
export const HAVE_QPDF = onPath("qpdf");

/** A scratch folder for one test file; `cleanup()` removes it. */
export function scratch(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return {
    dir,
    path: (name: string) => join(dir, name),
    write: (name: string, bytes: Uint8Array) => {
      writeFileSync(join(dir, name), bytes);
      return join(dir, name);
    },
    read: (name: string) => new Uint8Array(readFileSync(join(dir, name))),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs ImageMagick's convert with these arguments. */
export function magick(args: string[]): void {
  execFileSync(IMAGEMAGICK, args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** ImageMagick's own decode of a file (or one frame, `file[2]`) as 8-bit RGBA. */
export function magickRgba(file: string): { width: number; height: number; data: Uint8Array } {
  const size = execFileSync(IMAGEMAGICK, [file, "-format", "%w %h\n", "info:"], { encoding: "utf8" }).trim().split("\n")[0]!.split(" ").map(Number);
  const data = new Uint8Array(execFileSync(IMAGEMAGICK, [file, "-depth", "8", "rgba:-"], { maxBuffer: 1 << 28 }));
  return { width: size[0]!, height: size[1]!, data };
}

/** Largest and mean absolute difference of two equally sized RGBA buffers (alpha included). */
export function difference(a: Uint8Array | Uint8ClampedArray, b: Uint8Array | Uint8ClampedArray): { max: number; mean: number } {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} vs ${b.length}`);
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs((a[i] as number) - (b[i] as number));
    sum += d;
    if (d > max) max = d;
  }
  return { max, mean: sum / a.length };
}

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
