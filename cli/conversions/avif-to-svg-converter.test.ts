// `npm run convert -- in.avif out.svg`: the SVG embeds the pixels libavif decodes (a grid with a
// gain map here, which Chromium refuses), and a HEIC file is refused by name.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { decodePng } from "#codecs/png/index.ts";
import { AVIFDEC, HAVE_LIBAVIF_TOOLS, IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { buildCliFirst, convert } from "#tests/support/cli/run-cli.ts";

const CORPUS = new URL("../../tests/corpus/avif/", import.meta.url);
const work = scratch("avif-cli-test");
afterAll(() => work.cleanup());
buildCliFirst();

describe.skipIf(!HAVE_LIBAVIF_TOOLS)("AVIF to SVG in the CLI", () => {
  it("embeds the primary image as PNG, as libavif decodes it", () => {
    const input = new URL("color_grid_alpha_grid_gainmap_nogrid.avif", CORPUS).pathname;
    const output = work.path("out.svg");
    const run = convert(input, output);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("512 × 600 px");
    const svg = readFileSync(output, "utf8");
    expect(svg).toContain('width="512" height="600"');
    const png = decodePng(Buffer.from(/base64,([A-Za-z0-9+/=]+)"/.exec(svg)![1]!, "base64"));
    execFileSync(AVIFDEC, ["-d", "8", input, work.path("ref.png")], { stdio: "pipe" });
    execFileSync(IMAGEMAGICK, [work.path("ref.png"), "-depth", "8", `png32:${work.path("ref.png")}`]);
    const reference = decodePng(readFileSync(work.path("ref.png")));
    // libavif's own YUV to RGB (the WebAssembly build has no libyuv): within a step
    let total = 0;
    for (let i = 0; i < png.data.length; i++) total += Math.abs(png.data[i]! - reference.data[i]!);
    expect(total / png.data.length).toBeLessThan(1);
  });

  it("refuses a HEIC file by name", () => {
    const heic = Buffer.from(readFileSync(new URL("white_1x1.avif", CORPUS)));
    heic.write("heic", 8, "latin1");
    for (let at = 16; at < heic.readUInt32BE(0); at += 4) heic.write("heic", at, "latin1");
    const run = convert(work.write("photo.avif", heic), work.path("photo.svg"));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/not an AVIF image: its format brand is "heic"/);
  });
});
