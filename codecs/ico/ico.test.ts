import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RgbaImage } from "../image/rgba-image.ts";
import { decodePng } from "../png/index.ts";
import { encodeIco, ICO_DEFAULT_SIZES, ICO_SIZES, IcoError } from "./index.ts";
import { HAVE_ICOTOOL, ICOTOOL } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";

if (!HAVE_ICOTOOL) console.log(`Skipping the icotool checks of ICO files: ${ICOTOOL} is not installed (Debian icoutils)`);
const work = scratch("ico-test");
const dir = work.dir;
afterAll(() => work.cleanup());

/** A square icon with a transparent corner, a half-transparent band and a colour ramp. */
function icon(size: number): RgbaImage {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const alpha = x + y < size / 3 ? 0 : y > (size * 3) / 4 ? 128 : 255;
      data.set([(x * 255) / size, (y * 255) / size, 90, alpha], i);
      if (alpha === 0) data.fill(0, i, i + 3);
    }
  }
  return { width: size, height: size, data };
}

describe("encodeIco", () => {
  it("offers the spec's sizes with 16, 32 and 48 ticked", () => {
    expect(ICO_SIZES).toEqual([16, 24, 32, 48, 64, 128, 256]);
    expect(ICO_DEFAULT_SIZES).toEqual([16, 32, 48]);
  });

  it("writes the directory: 256 as 0, PNG for 256 and BMP with an AND mask below", () => {
    const ico = encodeIco([icon(16), icon(256)]);
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 2]);
    expect([ico[6], ico[7], ico[22], ico[23]]).toEqual([16, 16, 0, 0]);
    const bmpAt = view.getUint32(6 + 12, true);
    const pngAt = view.getUint32(22 + 12, true);
    expect(view.getUint32(bmpAt, true)).toBe(40); // BITMAPINFOHEADER
    expect(view.getInt32(bmpAt + 8, true)).toBe(32); // height doubled for the AND mask
    expect(view.getUint32(6 + 8, true)).toBe(40 + 16 * 16 * 4 + 16 * 4); // pixels + mask rows padded to 32 bits
    expect([...ico.subarray(pngAt, pngAt + 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const png = decodePng(ico.subarray(pngAt, pngAt + view.getUint32(22 + 8, true)));
    expect(Buffer.from(png.data).equals(Buffer.from(icon(256).data))).toBe(true);
  });

  it("sets the AND mask exactly where pixels are fully transparent", () => {
    const image = icon(16);
    const ico = encodeIco([image]);
    const bmpAt = new DataView(ico.buffer).getUint32(18, true);
    const maskAt = bmpAt + 40 + 16 * 16 * 4;
    for (let y = 0; y < 16; y++) {
      for (let x = 0; x < 16; x++) {
        const row = 15 - y;
        const bit = (ico[maskAt + row * 4 + (x >> 3)]! >> (7 - (x & 7))) & 1;
        expect(bit).toBe(image.data[(y * 16 + x) * 4 + 3] === 0 ? 1 : 0);
      }
    }
  });

  it("writes the 256 px PNG entry as RGBA even when the icon is opaque", () => {
    const opaque = icon(256);
    for (let i = 3; i < opaque.data.length; i += 4) opaque.data[i] = 255;
    const ico = encodeIco([opaque]);
    const pngAt = new DataView(ico.buffer).getUint32(18, true);
    expect(ico[pngAt + 25]).toBe(6); // IHDR colour type: RGBA
  });

  it("refuses no images and sides above 256 with IcoError", () => {
    expect(() => encodeIco([])).toThrow(IcoError);
    expect(() => encodeIco([icon(300)])).toThrow(/1 to 256 pixels/);
  });

  it.skipIf(!HAVE_ICOTOOL)("icotool lists the chosen sizes and extracts the same pixels", () => {
    const sizes = [16, 24, 32, 48, 64, 128, 256];
    const file = join(dir, "all.ico");
    writeFileSync(file, encodeIco(sizes.map(icon)));
    const listing = execFileSync(ICOTOOL, ["-l", file]).toString();
    const listed = [...listing.matchAll(/--width=(\d+) --height=(\d+) --bit-depth=(\d+)/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
    expect(listed).toEqual(sizes.map((s) => [s, s, 32]));
    expect(listing).toMatch(/--icon --index=7 --width=256 --height=256 --bit-depth=32/);
    const out = join(dir, "extracted");
    mkdirSync(out);
    execFileSync(ICOTOOL, ["-x", "-o", out, file], { stdio: "ignore" });
    expect(readdirSync(out)).toHaveLength(sizes.length);
    for (const [i, size] of sizes.entries()) {
      const extracted = decodePng(readFileSync(join(out, `all_${i + 1}_${size}x${size}x32.png`)));
      expect(Buffer.from(extracted.data).equals(Buffer.from(icon(size).data))).toBe(true);
    }
  });
});
