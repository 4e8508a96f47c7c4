// The JPEG corpus (docs/decisions/029-jpeg-real-world.md): real files kept here (libjpeg-turbo's
// test images, Pillow's test JPEGs: EXIF orientation, CMYK, truncation, junk before markers,
// MPO and Ultra HDR) plus variants other writers make at run time: cjpeg and jpegtran (arithmetic,
// progressive, restart intervals, every sampling layout), Pillow and ImageMagick (CMYK, YCCK),
// exiftool (Orientation 1–8), and byte surgery (junk, fill bytes, broken EXIF, truncation, damaged
// restart intervals, refusals), and ffmpeg (lossless JPEG). Every case runs to PNG and to ICO (the
// CLI's default sizes).
// Judged against Pillow's decode (djpeg's when Pillow refuses, ffmpeg's for what libjpeg here cannot
// read: 12-bit and lossless), turned upright by EXIF orientation.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest } from "../manifest.ts";

const FOLDER = dirname(fileURLToPath(import.meta.url));
const PYTHON = "/usr/bin/python3";
const IMAGEMAGICK = "/usr/bin/convert-im6.q16";
const ICOTOOL = "/usr/bin/icotool";

/**
 * Our PNG must match the reference reader's pixels: at least this PSNR (dB). Our decoder is libjpeg's
 * bit for bit on intact data; on corrupt data libjpeg's SIMD IDCT saturates wild values its own way
 * (hopper_bad_exif.jpg: 37.5 dB).
 */
const PNG_MIN_PSNR = 35;
/** The largest icon against the reference padded and scaled the same way (other resampling filter): a wrong turn gives about 16 dB. */
const ICO_MIN_PSNR = 26;

function run(command: string, args: string[], options: { input?: Uint8Array } = {}): Buffer {
  return execFileSync(command, args, { input: options.input, maxBuffer: 256 * 1024 * 1024, stdio: ["pipe", "pipe", "pipe"] });
}

function converts(name: string, input: string, data: Record<string, unknown> = {}, browser = false): CorpusCase {
  return { category: "jpeg-to-png", name, input, outputExt: "png", expect: { converts: true }, browser, data: { reference: input, ...data } };
}

function refused(name: string, input: string, reason: RegExp): CorpusCase {
  return { category: "jpeg-to-png", name, input, outputExt: "png", expect: { refused: true, reason } };
}

/** Offsets of the markers before the scan data: [marker, offset of its FF, segment length]. */
function segments(bytes: Uint8Array): { marker: number; at: number; length: number }[] {
  const found: { marker: number; at: number; length: number }[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    found.push({ marker, at, length });
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return found;
}

function splice(bytes: Uint8Array, at: number, remove: number, insert: ArrayLike<number>): Uint8Array {
  return Uint8Array.from([...bytes.subarray(0, at), ...Array.from(insert), ...bytes.subarray(at + remove)]);
}

/** A copy whose segment at `at` declares `length` bytes. */
function setLength(bytes: Uint8Array, at: number, length: number): Uint8Array {
  const copy = bytes.slice();
  copy[at + 2] = length >> 8;
  copy[at + 3] = length & 0xff;
  return copy;
}

/** A seeded generator, so the surgery is the same on every run. */
function randomBytes(count: number, seed: number, avoidFF = true): number[] {
  let state = seed >>> 0;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const byte = state >>> 24;
    out.push(avoidFF && byte === 0xff ? 0x7f : byte);
  }
  return out;
}

function generated(workDir: string): CorpusCase[] {
  const dir = join(workDir, "jpeg");
  mkdirSync(dir, { recursive: true });
  const cases: CorpusCase[] = [];
  const file = (name: string, bytes: Uint8Array): string => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  // cjpeg from libjpeg-turbo's test picture: every coding process and sampling layout it writes
  const ppm = join(dir, "testorig.ppm");
  writeFileSync(ppm, run("djpeg", [join(FOLDER, "testorig.jpg")]));
  const cjpegVariants: [string, string[]][] = [
    ["arithmetic", ["-arithmetic"]],
    ["progressive", ["-progressive"]],
    ["progressive-arithmetic", ["-progressive", "-arithmetic"]],
    ["restart-every-row", ["-restart", "1"]],
    ["restart-every-3-blocks", ["-restart", "3B"]],
    ["progressive-restart", ["-progressive", "-restart", "2"]],
    ["arithmetic-restart-2x1", ["-arithmetic", "-restart", "1", "-sample", "2x1"]],
    ["sample-1x1", ["-sample", "1x1"]],
    ["sample-2x1", ["-sample", "2x1"]],
    ["sample-1x2-440", ["-sample", "1x2"]],
    ["sample-4x1-411", ["-sample", "4x1"]],
    ["sample-1x4", ["-sample", "1x4"]],
    ["sample-4x2", ["-sample", "4x2"]],
    ["sample-3x2-odd", ["-sample", "3x2,1x1,1x1"]],
    ["sample-2x2-1x1-2x1-mixed", ["-sample", "2x2,1x1,2x1"]],
    ["grey", ["-grayscale"]],
    ["rgb", ["-rgb"]],
    ["quality-100", ["-quality", "100"]],
    ["quality-3", ["-quality", "3"]],
    ["optimized-tables", ["-optimize"]],
  ];
  for (const [name, args] of cjpegVariants) {
    const path = join(dir, `testorig-${name}.jpg`);
    writeFileSync(path, run("cjpeg", args, { input: readFileSync(ppm) }));
    cases.push(converts(`testorig.jpg cjpeg ${args.join(" ")}`, path, {}, name === "progressive-arithmetic"));
  }

  // jpegtran recodes a real photo losslessly: arithmetic and progressive arithmetic with restarts
  const flower = join(FOLDER, "flower.jpg");
  for (const [name, args] of [
    ["arithmetic", ["-arithmetic"]],
    ["progressive-arithmetic-restart", ["-progressive", "-arithmetic", "-restart", "2"]],
  ] as [string, string[]][]) {
    const path = join(dir, `flower-${name}.jpg`);
    writeFileSync(path, run("jpegtran", [...args, flower]));
    cases.push(converts(`flower.jpg jpegtran ${args.join(" ")}`, path));
  }

  // CMYK: Pillow writes Adobe CMYK (no transform), ImageMagick writes YCCK
  const pillowCmyk = join(dir, "flower-cmyk-pillow.jpg");
  run(PYTHON, ["-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).convert('CMYK').save(sys.argv[2], quality=90)", flower, pillowCmyk]);
  cases.push(converts("flower.jpg as CMYK by Pillow", pillowCmyk, {}, true));
  const magickYcck = join(dir, "flower-ycck-imagemagick.jpg");
  run(IMAGEMAGICK, [flower, "-colorspace", "CMYK", "-quality", "90", magickYcck]);
  cases.push(converts("flower.jpg as CMYK (YCCK) by ImageMagick", magickYcck));

  // EXIF Orientation 1–8 on a landscape photo (exiftool writes the tag)
  for (let orientation = 1; orientation <= 8; orientation++) {
    const path = join(dir, `flower-orientation-${orientation}.jpg`);
    copyFileSync(flower, path);
    run("exiftool", ["-q", "-overwrite_original", `-Orientation#=${orientation}`, path]);
    cases.push(converts(`flower.jpg exiftool Orientation=${orientation}`, path, {}, orientation === 6));
  }

  // byte surgery on the orientation-6 photo: broken EXIF segments
  const six = new Uint8Array(readFileSync(join(dir, "flower-orientation-6.jpg")));
  const app1 = segments(six).find((s) => s.marker === 0xe1)!;
  // the APP1 length runs 40 bytes into the next segment: the file's picture is the intact one's
  cases.push(converts("orientation 6, EXIF length running past the next marker", file("exif-length-past-marker.jpg", setLength(six, app1.at, app1.length + 40)), { reference: join(dir, "flower-orientation-6.jpg") }));
  // ... and past the end of the file
  cases.push(converts("orientation 6, EXIF length running past the file's end", file("exif-length-past-end.jpg", setLength(six, app1.at, 0xfff0)), { reference: join(dir, "flower-orientation-6.jpg") }));
  // an IFD0 whose entry count is absurd: no reader finds the orientation (Pillow shows it as stored)
  const tiff = app1.at + 10;
  const little = six[tiff] === 0x49;
  const ifd = little ? six[tiff + 4]! | (six[tiff + 5]! << 8) : (six[tiff + 6]! << 8) | six[tiff + 7]!;
  const brokenIfd = six.slice();
  brokenIfd[tiff + ifd] = 0xff;
  brokenIfd[tiff + ifd + 1] = 0xff;
  cases.push(converts("orientation 6, EXIF directory with an absurd entry count", file("exif-broken-directory.jpg", brokenIfd)));

  // junk before the EXIF segment itself: the orientation must still be found (Pillow finds it)
  cases.push(converts("orientation 6, junk bytes before the EXIF segment", file("exif-after-junk.jpg", splice(six, app1.at, 0, randomBytes(3, 13)))));

  // junk and fill bytes before markers (libjpeg skips them with a warning)
  const plain = new Uint8Array(readFileSync(flower));
  const dqt = segments(plain).find((s) => s.marker === 0xdb)!;
  cases.push(converts("flower.jpg with 37 junk bytes before a marker", file("junk-before-marker.jpg", splice(plain, dqt.at, 0, randomBytes(37, 7)))));
  cases.push(converts("flower.jpg with FF fill bytes before markers", file("fill-bytes.jpg", splice(plain, dqt.at, 0, [0xff, 0xff, 0xff, 0xff, 0xff]))));

  // files cut short: libjpeg decodes what is there, the rest grey (baseline) or coarser (progressive)
  const original = new Uint8Array(readFileSync(join(FOLDER, "testorig.jpg")));
  // (judged against djpeg: Pillow leaves the rest of a cut arithmetic file black, libjpeg decodes on)
  const djpeg = { reader: "djpeg" };
  cases.push(converts("testorig.jpg cut at 60 %", file("cut-baseline.jpg", original.subarray(0, Math.floor(original.length * 0.6))), djpeg, true));
  const progressive = new Uint8Array(readFileSync(join(dir, "testorig-progressive.jpg")));
  cases.push(converts("progressive testorig cut at 45 %", file("cut-progressive.jpg", progressive.subarray(0, Math.floor(progressive.length * 0.45))), djpeg));
  const arithmetic = new Uint8Array(readFileSync(join(FOLDER, "testimgari.jpg")));
  cases.push(converts("testimgari.jpg cut at 70 %", file("cut-arithmetic.jpg", arithmetic.subarray(0, Math.floor(arithmetic.length * 0.7))), djpeg));

  // damaged restart intervals: garbage inside one, a restart marker lost
  const restarts = new Uint8Array(readFileSync(join(dir, "testorig-restart-every-row.jpg")));
  const rstAt: number[] = [];
  for (let i = 0; i + 1 < restarts.length; i++) if (restarts[i] === 0xff && restarts[i + 1]! >= 0xd0 && restarts[i + 1]! <= 0xd7) rstAt.push(i);
  const garbled = restarts.slice();
  garbled.set(randomBytes(24, 11), rstAt[4]! + 30);
  cases.push(converts("restart intervals, one garbled", file("restart-garbled.jpg", garbled)));
  cases.push(converts("restart intervals, one marker lost", file("restart-marker-lost.jpg", splice(restarts, rstAt[6]!, 2, []))));

  // two images one after the other (as MPO and Ultra HDR gain-map files): the first is the picture
  cases.push(converts("two JPEGs in one file (the first is the picture)", file("two-images.jpg", Uint8Array.from([...plain, ...original]))));

  // lossless JPEG (SOF3) from ffmpeg's ljpeg encoder: 4:4:4 (ffmpeg writes 1×2 MCUs), 4:2:2 and
  // 4:2:0, three predictors; judged against ffmpeg, the only reader of them here
  for (const [format, predictor] of [["yuvj444p", 1], ["yuvj422p", 2], ["yuvj420p", 3]] as const) {
    const path = join(dir, `lossless-${format}-predictor-${predictor}.jpg`);
    run("ffmpeg", ["-v", "error", "-i", join(FOLDER, "testorig.jpg"), "-c:v", "ljpeg", "-pix_fmt", format, "-pred", String(predictor), "-strict", "-1", "-y", path]);
    cases.push(converts(`lossless JPEG by ffmpeg, ${format}, predictor ${predictor}`, path));
  }

  // refusals: really unsupported or really broken
  const sof = segments(original).find((s) => s.marker === 0xc0)!;
  const losslessArithmetic = original.slice();
  losslessArithmetic[sof.at + 1] = 0xcb;
  cases.push(refused("lossless JPEG with arithmetic coding (SOF11)", file("lossless-arithmetic-marker.jpg", losslessArithmetic), /lossless/i));
  const hierarchical = original.slice();
  hierarchical[sof.at + 1] = 0xc5;
  cases.push(refused("hierarchical JPEG (SOF5)", file("hierarchical-marker.jpg", hierarchical), /hierarchical/i));
  cases.push(refused("cut short inside the headers", file("cut-in-headers.jpg", original.subarray(0, sof.at + 5)), /cut short|damaged/i));
  cases.push(refused("start-of-image and a table marker followed by noise", file("noise.jpg", Uint8Array.from([0xff, 0xd8, 0xff, 0xdb, ...randomBytes(3000, 5, false)])), /damaged|cut short/i));
  return cases;
}

const corpus: CorpusFormat = {
  async cases(workDir) {
    const all = [...casesFromManifest(FOLDER), ...generated(workDir)];
    // each file also to ICO with the CLI's default sizes
    const icons = all.map((c): CorpusCase => ({ ...c, category: "jpeg-to-ico", name: `${c.name} → ICO`, outputExt: "ico", browser: false }));
    return [...all, ...icons];
  },

  async judge(corpusCase, outputPath, workDir) {
    if (!("converts" in corpusCase.expect)) return "converted a file that should have been refused";
    const reference = typeof corpusCase.data?.reference === "string" ? corpusCase.data.reference : corpusCase.input;
    let compared = outputPath;
    if (corpusCase.category === "jpeg-to-ico") {
      // the largest icon, extracted by icoutils
      const list = run(ICOTOOL, ["-l", outputPath]).toString();
      const widths = [...list.matchAll(/--width=(\d+)/g)].map((m) => Number(m[1]));
      if (widths.length === 0) return "icotool finds no icon in the output";
      const largest = Math.max(...widths);
      compared = join(workDir, `largest-${process.pid}-${Date.now()}.png`);
      run(ICOTOOL, ["-x", "-w", String(largest), "-o", compared, outputPath]);
    }
    const mode = corpusCase.category === "jpeg-to-ico" ? "ico" : "png";
    const reader = corpusCase.data?.reader === "djpeg" ? ["--djpeg"] : [];
    const result = JSON.parse(run(PYTHON, [join(FOLDER, "reference.py"), mode, reference, compared, ...reader]).toString()) as {
      error?: string;
      reader?: string;
      psnr?: number | null;
      maxDiff?: number;
      size?: number[];
      refSize?: number[];
    };
    if (result.error) return result.error;
    if (result.size) return `size ${result.size.join("×")}, the reference (${result.reader}) is ${result.refSize?.join("×")}`;
    const minimum = mode === "ico" ? ICO_MIN_PSNR : PNG_MIN_PSNR;
    if (result.psnr !== null && result.psnr !== undefined && result.psnr < minimum) {
      return `pixels differ from ${result.reader}'s: PSNR ${result.psnr} dB (at least ${minimum}), largest difference ${result.maxDiff}`;
    }
    return null;
  },
};

export default corpus;
