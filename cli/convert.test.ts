// The CLI as a user runs it: a real Node process per call, fixtures made by ImageMagick or by hand,
// outputs checked by decoding them (ImageMagick, icotool, our decoders).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writePsd, type Psd } from "ag-psd";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { buildCliFirst, convert } from "#tests/support/cli/run-cli.ts";
import { scratch } from "#tests/support/scratch.ts";
import { decodeDds, encodeDds, parseDds } from "#codecs/dds/index.ts";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { f32, HAVE_IMAGEMAGICK, IMAGEMAGICK, makeDds } from "#tests/support/codecs/dds/test-helpers.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import { psnrChannels } from "#codecs/image/psnr.ts";
import { HAVE_POPPLER, pdfPagePixels, psnr as psnrRgb, rgbaOnWhite } from "#tests/support/codecs/pdf/test-helpers.ts";
import { audioStream, channel, decodePcm, dominantFrequency, ffprobeJson } from "#tests/support/media-checks.ts";
import { writeMidi } from "#tests/support/midi-writer.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";

const ICOTOOL = "/usr/bin/icotool";
const work = scratch("convert-cli");
const dir = work.dir;
afterAll(() => work.cleanup());
const at = (name: string) => join(dir, name);
if (!HAVE_IMAGEMAGICK) console.log(`Skipping the CLI checks that need ImageMagick fixtures: ${IMAGEMAGICK} is not installed (Debian imagemagick)`);
if (!existsSync(ICOTOOL)) console.log(`Skipping the CLI's ICO check: ${ICOTOOL} is not installed (Debian icoutils)`);

// the built CLI, as `npm run convert` runs it
buildCliFirst();

function imageMagick(...args: string[]): Buffer {
  return execFileSync(IMAGEMAGICK, args, { maxBuffer: 1 << 28 });
}

/** PSNR over all four channels. */
const psnr = (a: ArrayLike<number>, b: ArrayLike<number>) => psnrChannels(a, b, 4);

function picture(width: number, height: number) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([(x * 4) & 255, (y * 4) & 255, (x ^ y) & 255, x < 8 ? 0 : 255], (y * width + x) * 4);
  }
  return { width, height, data };
}

describe.skipIf(!HAVE_IMAGEMAGICK)("DDS to PNG", () => {
  const dds = at("plasma.dds");
  imageMagick("-size", "64x64", "-seed", "3", "plasma:fractal", "-define", "dds:compression=dxt1", "-define", "dds:mipmaps=6", dds);

  it("writes the top level by default, matching ImageMagick's decode", () => {
    const run = convert(dds, at("top.png"));
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/64 × 64 PNG from BC1/);
    const ours = decodePng(readFileSync(at("top.png")));
    expect(psnr(ours.data, imageMagick(dds, "-depth", "8", "rgba:-"))).toBeGreaterThanOrEqual(50);
  });

  it("--level picks a mip level", () => {
    expect(convert(dds, at("mip2.png"), "--level", "2").status).toBe(0);
    const png = decodePng(readFileSync(at("mip2.png")));
    expect([png.width, png.height]).toEqual([16, 16]);
    expect(Buffer.from(png.data).equals(Buffer.from(decodeDds(readFileSync(dds), { level: 2 }).data))).toBe(true);
  });

  it("--all writes every level into a zip, or into a folder", () => {
    expect(convert(dds, at("all.zip"), "--all").status).toBe(0);
    const names = Object.keys(unzipSync(readFileSync(at("all.zip"))));
    expect(names).toEqual(["plasma_mip0_64x64.png", "plasma_mip1_32x32.png", "plasma_mip2_16x16.png", "plasma_mip3_8x8.png", "plasma_mip4_4x4.png", "plasma_mip5_2x2.png", "plasma_mip6_1x1.png"]);
    expect(convert(dds, at("all-folder"), "--all").status).toBe(0);
    expect(readdirSync(at("all-folder")).toSorted()).toEqual(names.toSorted());
  });
});

/** The built CLI with CONVERT_THREADS set (1 never starts a worker, 2 uses them whatever the size); its output line. */
function convertWith(threads: number, ...args: string[]): string {
  const run = spawnSync(process.execPath, ["cli/launch.js", ...args], { encoding: "utf8", timeout: 120_000, env: { ...process.env, CONVERT_THREADS: String(threads) } });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return run.stdout;
}

describe("DDS to PNG and JPEG to PNG on worker threads", () => {
  it.each([
    ["BC1", "bc1", "opaque"],
    ["BC3 with alpha", "bc3", "gradient"],
  ] as const)("%s: the same pixels and colour type as on one thread (the built CLI finds its worker's module)", (name, format, alpha) => {
    const input = at(`threads-${format}.dds`);
    writeFileSync(input, encodeDds(syntheticPhoto(1030, 1300, alpha), { format, quality: "fast" }));
    expect(convertWith(2, input, at(`threads-${format}-2.png`))).toMatch(/1030 × 1300 PNG from BC/);
    convertWith(1, input, at(`threads-${format}-1.png`));
    const [two, one] = [2, 1].map((n) => readFileSync(at(`threads-${format}-${n}.png`)));
    expect(two![25], name).toBe(one![25]);
    expect(Buffer.from(decodePng(two!).data).equals(Buffer.from(decodeDds(readFileSync(input)).data))).toBe(true);
    expect(Buffer.from(decodePng(two!).data).equals(Buffer.from(decodePng(one!).data))).toBe(true);
  });

  it("--all: every level, the large ones on the threads", () => {
    const input = at("threads-mips.dds");
    writeFileSync(input, encodeDds(syntheticPhoto(1024, 1024), { format: "bc1", quality: "fast", mipmaps: true }));
    convertWith(2, input, at("threads-all"), "--all");
    const names = readdirSync(at("threads-all")).toSorted();
    expect(names).toHaveLength(parseDds(readFileSync(input)).mipCount);
    for (const name of names) {
      const level = Number(/_mip(\d+)_/.exec(name)![1]);
      expect(Buffer.from(decodePng(readFileSync(join(at("threads-all"), name))).data).equals(Buffer.from(decodeDds(readFileSync(input), { level }).data)), name).toBe(true);
    }
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("JPEG to PNG: the decoded JPEG's pixels", () => {
    const jpeg = at("threads.jpg");
    imageMagick("-size", "1200x1000", "-seed", "5", "plasma:fractal", "-quality", "90", jpeg);
    convertWith(2, jpeg, at("threads-jpeg.png"));
    convertWith(1, jpeg, at("threads-jpeg-1.png"));
    expect(Buffer.from(decodePng(readFileSync(at("threads-jpeg.png"))).data).equals(Buffer.from(decodePng(readFileSync(at("threads-jpeg-1.png"))).data))).toBe(true);
  });
});

describe("DDS to PNG: cube faces and HDR", () => {
  // a 4 × 4 RGBA8 cubemap whose faces are filled with 10, 20, ... 60
  const faces = Array.from({ length: 6 }, (_, f) => Array.from({ length: 4 * 4 * 4 }, () => (f + 1) * 10));
  const cube = at("cube.dds");
  writeFileSync(cube, makeDds({ width: 4, height: 4, caps: 0x1008, caps2: 0xfe00 }, faces.flat()));
  // a 2 × 1 R32G32B32A32_FLOAT image: 0.5 grey and 2.0 (over-bright) white
  const hdr = at("hdr.dds");
  writeFileSync(hdr, makeDds({ width: 2, height: 1, dx10: { dxgiFormat: 2 } }, f32(0.5, 0.5, 0.5, 1, 2, 2, 2, 1)));

  it("--face takes a number or a face name", () => {
    expect(convert(cube, at("face3.png"), "--face", "3").status).toBe(0);
    expect(decodePng(readFileSync(at("face3.png"))).data[0]).toBe(40);
    expect(convert(cube, at("negy.png"), "--face", "-Y").status).toBe(0);
    expect(decodePng(readFileSync(at("negy.png"))).data[0]).toBe(40);
    const missing = convert(hdr, at("x.png"), "--face", "+Z");
    expect([missing.status, missing.stderr.trim()]).toEqual([1, "convert: This DDS file has no cube face +Z: it is not a cubemap."]);
  });

  it("--tonemap clamp writes linear values clamped to [0, 1]; --exposure scales first", () => {
    expect(convert(hdr, at("clamp.png"), "--tonemap", "clamp").status).toBe(0);
    const clamped = decodePng(readFileSync(at("clamp.png"))).data;
    expect(Math.abs(clamped[0]! - 127.5)).toBeLessThanOrEqual(0.5);
    expect(clamped[4]).toBe(255);
    expect(convert(hdr, at("dark.png"), "--tonemap", "clamp", "--exposure", "-2").status).toBe(0);
    const darker = decodePng(readFileSync(at("dark.png"))).data;
    expect(Math.abs(darker[4]! - 127.5)).toBeLessThanOrEqual(0.5); // 2.0 × 2^-2 = 0.5
    expect(convert(hdr, at("default.png")).status).toBe(0);
    const mapped = decodePng(readFileSync(at("default.png"))).data;
    expect(mapped[0]).not.toBe(clamped[0]); // the default operator is not a plain clamp
    expect(mapped[4]!).toBeGreaterThan(mapped[0]!);
  });
});

describe("PNG to DDS and ICO", () => {
  const png = at("source.png");
  writeFileSync(png, encodePng(picture(64, 32)));

  it("writes the spec's uncompressed DDS by default: 128-byte header, then the exact pixels", () => {
    expect(convert(png, at("out.dds")).status).toBe(0);
    const file = readFileSync(at("out.dds"));
    expect(file.length).toBe(128 + 64 * 32 * 4);
    expect(Buffer.from(file.subarray(128)).equals(Buffer.from(picture(64, 32).data))).toBe(true);
    // ImageMagick 6 reads it too (as BGRA whatever the masks say: codecs/dds/encode.test.ts)
    if (HAVE_IMAGEMAGICK) expect(imageMagick(at("out.dds"), "-depth", "8", "rgba:-").length).toBe(64 * 32 * 4);
  });

  it("--format and --mips: a BC7 file with the whole mip chain", () => {
    expect(convert(png, at("bc7.dds"), "--format", "bc7", "--quality", "fast", "--mips").status).toBe(0);
    const file = readFileSync(at("bc7.dds"));
    const info = parseDds(file);
    expect([info.format.includes("BC7"), info.mipCount]).toEqual([true, 7]);
    expect(psnr(decodeDds(file).data, picture(64, 32).data)).toBeGreaterThanOrEqual(35);
  });

  it.skipIf(!existsSync(ICOTOOL))("--sizes: an ICO that icotool lists with those sizes", () => {
    const run = convert(png, at("icon.ico"), "--sizes", "16,48,256");
    expect([run.status, run.stdout.trim()]).toEqual([0, `${at("icon.ico")}: ICO file created with 3 size(s)`]);
    const listing = execFileSync(ICOTOOL, ["-l", at("icon.ico")]).toString();
    expect([...listing.matchAll(/--width=(\d+)/g)].map((m) => Number(m[1]))).toEqual([16, 48, 256]);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("a JPEG converts to PNG, DDS and ICO too", () => {
    const jpg = at("photo.jpg");
    imageMagick("-size", "40x30", "-seed", "9", "plasma:fractal", "-quality", "95", jpg);
    expect(convert(jpg, at("photo.png")).status).toBe(0);
    const ours = decodePng(readFileSync(at("photo.png")));
    expect(psnr(ours.data, imageMagick(jpg, "-depth", "8", "rgba:-"))).toBeGreaterThanOrEqual(40);
    expect(convert(jpg, at("photo.dds"), "--format", "bc1").status).toBe(0);
    expect(convert(jpg, at("photo.ico")).status).toBe(0);
  });
});

/** Page sizes in points of a PDF. */
async function pdfPages(file: string): Promise<number[][]> {
  const pdf = await PDFDocument.load(readFileSync(file));
  return pdf.getPages().map((page) => [Math.round(page.getWidth()), Math.round(page.getHeight())]);
}

describe.skipIf(!HAVE_IMAGEMAGICK)("JPEG orientation", () => {
  it("a JPEG whose EXIF says 'turn 90° clockwise' comes out upright, as ImageMagick's -auto-orient shows it", () => {
    const plain = at("plain.jpg");
    imageMagick("-size", "40x20", "gradient:red-blue", "-quality", "95", plain);
    // APP1 "Exif": a big-endian TIFF header and IFD0 with Orientation = 6
    const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
    const app1 = [0xff, 0xe1, 0, 2 + 6 + tiff.length, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const jpeg = readFileSync(plain);
    const turned = write("turned.jpg", Uint8Array.from([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]));
    expect(convert(turned, at("turned.png")).status).toBe(0);
    const ours = decodePng(readFileSync(at("turned.png")));
    expect([ours.width, ours.height]).toEqual([20, 40]);
    expect(psnr(ours.data, imageMagick(turned, "-auto-orient", "-depth", "8", "rgba:-"))).toBeGreaterThanOrEqual(40);
  });
});

describe("TIFF and PSB to PDF", () => {
  it.skipIf(!HAVE_IMAGEMAGICK)("a two-page TIFF becomes a two-page PDF sized from each page's resolution", async () => {
    imageMagick("-size", "300x200", "xc:red", "-units", "PixelsPerInch", "-density", "150", "-compress", "LZW", at("a.tif"));
    imageMagick("-size", "144x72", "xc:blue", "-units", "PixelsPerInch", "-density", "72", "-compress", "Zip", at("b.tif"));
    imageMagick(at("a.tif"), at("b.tif"), at("scan.tif"));
    const run = convert(at("scan.tif"), at("scan.pdf"));
    expect([run.status, run.stdout.trim()]).toEqual([0, `${at("scan.pdf")}: PDF with 2 page(s)`]);
    expect(await pdfPages(at("scan.pdf"))).toEqual([[144, 96], [144, 72]]);
  });

  it.skipIf(!HAVE_IMAGEMAGICK || !HAVE_POPPLER)("a JPEG-compressed RGBA TIFF becomes a page that shows it on white (it came out blank)", () => {
    const source = at("jpeg-rgba.png");
    imageMagick("-size", "96x64", "-seed", "7", "plasma:fractal", "(", "-size", "96x64", "gradient:white-black", ")", "-alpha", "off", "-compose", "CopyOpacity", "-composite", "-depth", "8", source);
    imageMagick(source, "-depth", "8", "-compress", "JPEG", "-quality", "92", at("jpeg-rgba.tif"));
    const run = convert(at("jpeg-rgba.tif"), at("jpeg-rgba.pdf"));
    expect([run.status, run.stdout.trim()]).toEqual([0, `${at("jpeg-rgba.pdf")}: PDF with 1 page(s)`]);
    const page = pdfPagePixels(at("jpeg-rgba.pdf"), 1, 72);
    expect([page.width, page.height]).toEqual([96, 64]);
    expect(psnrRgb(page.rgb, rgbaOnWhite(imageMagick(source, "-depth", "8", "rgba:-")), 3)).toBeGreaterThan(35);
  });

  it("a PSB's composite becomes one page", async () => {
    const width = 300;
    const height = 150;
    const data = new Uint8ClampedArray(width * height * 4).fill(200);
    const resolution = { horizontalResolution: 150, horizontalResolutionUnit: "PPI", widthUnit: "Inches", verticalResolution: 150, verticalResolutionUnit: "PPI", heightUnit: "Inches" };
    const psd = { width, height, imageData: { width, height, data }, imageResources: { resolutionInfo: resolution } } as unknown as Psd;
    writeFileSync(at("poster.psb"), new Uint8Array(writePsd(psd, { psb: true })));
    expect(convert(at("poster.psb"), at("poster.pdf")).status).toBe(0);
    expect(await pdfPages(at("poster.pdf"))).toEqual([[144, 72]]);
  });

  it("calls a PSD a PSD and a PSB a PSB in its messages", () => {
    const data = new Uint8ClampedArray(8 * 4 * 4).fill(255);
    const psd = { width: 8, height: 4, imageData: { width: 8, height: 4, data } } as unknown as Psd;
    const psdFile = write("flat.psd", new Uint8Array(writePsd(psd)));
    const psbFile = write("flat.psb", new Uint8Array(writePsd(psd, { psb: true })));
    const fromPsd = convert(psdFile, at("flat.png"));
    expect([fromPsd.status, fromPsd.stderr.trim()]).toEqual([1, 'convert: A PSD file converts to .pdf, not to ".png".']);
    const fromPsb = convert(psbFile, at("flat.png"));
    expect([fromPsb.status, fromPsb.stderr.trim()]).toEqual([1, 'convert: A PSB file converts to .pdf, not to ".png".']);
    // the kind comes from the version in the header, not from the name
    const named = convert(write("really-a-psd.psb", readFileSync(psdFile)), at("x.ico"));
    expect(named.stderr.trim()).toBe('convert: A PSD file converts to .pdf, not to ".ico".');
    const truncated = convert(write("cut.psd", readFileSync(psdFile).subarray(0, 40)), at("cut.pdf"));
    expect([truncated.status, truncated.stderr.trim()]).toEqual([1, expect.stringMatching(/^convert: The PSD file is truncated/)]);
    expect(convert(psdFile, at("flat.pdf")).status).toBe(0);
  });

  it("refuses another output type and a corrupt TIFF with one line", () => {
    const tiff = Uint8Array.from([0x49, 0x49, 42, 0, 0xff, 0xff, 0xff, 0x7f]);
    const wrongTarget = convert(write("x.tif", tiff), at("x.png"));
    expect([wrongTarget.status, wrongTarget.stderr.trim()]).toEqual([1, 'convert: A TIFF file converts to .pdf, not to ".png".']);
    const corrupt = convert(at("x.tif"), at("x.pdf"));
    expect(corrupt.status).toBe(1);
    expect(corrupt.stderr.trim().split("\n")).toHaveLength(1);
    expect(corrupt.stderr).toMatch(/TIFF/);
  });
});

/** A4 (440 Hz) on a flute for 1 s from 0.5 s; 120 bpm, 480 ticks a quarter: the song is 1.5 s long. */
const song = () =>
  write("a4.mid", writeMidi({ format: 0, tracks: [[{ tick: 0, type: "program", channel: 0, program: 73 }, { tick: 480, type: "note", channel: 0, key: 69, velocity: 100, length: 960 }]] }));

describe.skipIf(!HAVE_FFMPEG)("MIDI to WAV, MP3 and OGG", () => {

  it.each([
    ["wav", ["--bits", "24", "--sample-rate", "48000"], "pcm_s24le", 48000],
    ["mp3", ["--bitrate", "128"], "mp3", 44100],
    ["ogg", ["--vorbis-quality", "3", "--sample-rate", "48000"], "vorbis", 48000],
  ] as const)("renders a real song to %s: the codec, rate and length asked for, and the note's pitch", (extension, options, codec, rate) => {
    const output = at(`a4.${extension}`);
    const run = convert(song(), output, "--tail", "1", ...options);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const stream = audioStream(ffprobeJson(output));
    expect(stream).toMatchObject({ codecName: codec, sampleRate: rate, channels: 2 });
    // 1.5 s of song + 1 s of tail, counted in decoded samples (the MP3's LAME tag trims its padding)
    const pcm = decodePcm(output, { sampleRate: rate, channels: 2 });
    expect(Math.abs(pcm.length / 2 / rate - 2.5)).toBeLessThan(0.05);
    const left = channel(pcm, 2, 0);
    const pitch = dominantFrequency(left.subarray(Math.round(0.7 * rate), Math.round(1.4 * rate)), rate);
    expect(Math.abs(pitch / 440 - 1)).toBeLessThan(0.01);
  });

  it("refuses FLAC, a Vorbis quality it does not offer and a damaged MIDI file, in one line each", () => {
    const flac = convert(song(), at("a4.flac"));
    expect(flac.status).toBe(1);
    expect(flac.stderr.trim()).toMatch(/^convert: A MIDI file converts to \.wav, \.mp3 or \.ogg, not to "\.flac"\.$/);
    const quality = convert(song(), at("a4.ogg"), "--vorbis-quality", "4");
    expect(quality.stderr.trim()).toBe("convert: The Vorbis quality must be one of 3, 5, 6, 8.");
    const bytes = readFileSync(song());
    const cut = convert(write("cut.mid", bytes.subarray(0, bytes.length - 6)), at("cut.wav"));
    expect(cut.status).toBe(1);
    expect(cut.stderr.trim().split("\n")).toHaveLength(1);
    expect(cut.stderr).toMatch(/ends|truncated/i);
  });
});

describe("bad input: exit 1 and one line on stderr", () => {
  const good = makeDds({ width: 4, height: 4 }, Array.from({ length: 64 }, () => 7));
  const cases: [string, () => string[], RegExp][] = [
    ["no arguments", () => [], /^convert: Give an input file and an output file\. \(--help for usage\)$/],
    ["a missing file", () => [at("missing.dds"), at("x.png")], /^convert: Cannot read .*missing\.dds: no such file\.$/],
    ["not an image", () => [write("notes.dds", new Uint8Array([0x68, 0x69, 0, 1, 2, 3])), at("x.png")], /is not a DDS, JPEG, PNG, AVIF, PSB, TIFF, AUDIO, VIDEO, MIDI, EPUB, FB2, MOBI, AZW3, PDF, DOCX, DOC, TXT, XML, JSON, CSV or HTML file/],
    ["a text file to an image", () => [write("notes.dds", new TextEncoder().encode("hello, world")), at("x.png")], /Plain text \(TXT\) converts to PDF or Word \(DOCX\), not to PNG images/],
    ["a truncated DDS", () => [write("cut.dds", good.subarray(0, 100)), at("x.png")], /^convert: .*truncated/i],
    ["a DDS declaring 100000 px", () => [write("huge.dds", makeDds({ width: 100000, height: 4 }, [])), at("x.png")], /16384/],
    ["a mip level it does not have", () => [write("one.dds", good), at("x.png"), "--level", "3"], /mip level/],
    ["DDS to a .jpg", () => [write("ok.dds", good), at("x.jpg")], /converts to \.png/],
    ["an unknown option", () => [write("ok2.dds", good), at("x.png"), "--fast"], /Unknown option --fast/],
    ["a corrupt PNG", () => [write("bad.png", encodePng(picture(8, 8)).map((b, i) => (i > 40 ? 0 : b))), at("x.dds")], /PNG file is damaged/],
  ];
  it.each(cases)("%s", (_name, args, message) => {
    const run = convert(...args());
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr.trim()).toMatch(message);
  });
});

function write(name: string, bytes: Uint8Array): string {
  writeFileSync(at(name), bytes);
  return at(name);
}
