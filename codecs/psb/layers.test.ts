// The real-world classes of issue 24: composites whose extra channel is not transparency, files
// without a real composite (the picture drawn from the layers), CMYK, Lab, Duotone, ZIP, 16-bit
// layered files. Checked against ImageMagick and ag-psd's reader (which our codec no longer uses).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initializeCanvas, readPsd, writePsd, type Psd } from "ag-psd";
import fc from "fast-check";
import { zlibSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_IMAGEMAGICK, magickRgba, psnr, rgbaOnWhite, scratch } from "#tests/support/codecs/pdf/test-helpers.ts";
import { WorkBudget } from "../common/work-budget.ts";
import { decodePsb, PsbError } from "./index.ts";
import { fuzzProperty } from "#tests/support/property.ts";
import { HAVE_PILLOW, PYTHON } from "#tests/support/reference-tools.ts";

const CORPUS = join(import.meta.dirname, "../../tests/corpus/psd");
const corpus = (name: string) => new Uint8Array(readFileSync(join(CORPUS, name)));
const work = scratch("psb-layers-test");
afterAll(() => work.cleanup());

/** PSNR of two RGBA pictures as a PDF viewer shows them (on white). */
const onWhitePsnr = (a: Uint8Array, b: Uint8Array) => psnr(rgbaOnWhite(a), rgbaOnWhite(b), 3);
const isUniform = (rgba: Uint8Array) => rgba.every((v, i) => v === rgba[i & 3]);

describe.skipIf(!HAVE_IMAGEMAGICK)("Photoshop's files as ImageMagick reads them", () => {
  it("a positive layer count makes the composite's 4th channel an alpha channel, not transparency (it blanked the page)", () => {
    const image = decodePsb(corpus("ag-section-2.psd"));
    expect(image.source).toBe("composite");
    expect(image.data.filter((_, i) => i % 4 === 3).every((a) => a === 255)).toBe(true);
    expect(onWhitePsnr(image.data, magickRgba(`${join(CORPUS, "ag-section-2.psd")}[0]`).data)).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    ["ag-layer-comps.psd", 0],
    ["ag-groups-no-composite.psd", 0],
    ["ag-16bits.psd", 0],
  ])("%s has no real composite: the picture is drawn from the visible layers, as ImageMagick flattens them", (name) => {
    const image = decodePsb(corpus(name));
    expect(image.source).toBe("layers");
    expect(image.notes[0]).toMatch(/saved without a composite image .* rebuilt from its layers/);
    expect(isUniform(image.data)).toBe(false);
    expect(onWhitePsnr(image.data, magickRgba(`${join(CORPUS, name)}[0]`).data)).toBeGreaterThan(50);
  });

  it("CMYK from Photoshop: converted without the profile, with a note", () => {
    const image = decodePsb(corpus("ag-cmyk.psd"));
    expect(image.notes).toEqual(["CMYK colours were converted to RGB without the file's colour profile."]);
    expect(onWhitePsnr(image.data, magickRgba(`${join(CORPUS, "ag-cmyk.psd")}[0]`).data)).toBeGreaterThan(50);
  });

  it("a file whose layer section runs past its end is refused as truncated", () => {
    expect(() => decodePsb(corpus("pillow-combined_larger_than_size.psd"))).toThrow(/truncated/);
  });
});

describe("layers drawn by us, checked against ag-psd's reader", () => {
  initializeCanvas(
    () => {
      throw new Error("no canvas");
    },
    (width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: "srgb" }) as unknown as ImageData,
  );

  it("raw layer channels with one visible layer of eight (ImageMagick misreads this file)", () => {
    const bytes = corpus("ag-lantern.psd");
    const image = decodePsb(bytes);
    const psd = readPsd(bytes, { useImageData: true, skipThumbnail: true });
    const visible = psd.children!.filter((layer) => !layer.hidden);
    expect(visible).toHaveLength(1);
    // the same picture (transparent pixels may hold any colour)
    expect([...rgbaOnWhite(image.data)]).toEqual([...rgbaOnWhite(visible[0]!.imageData!.data as Uint8ClampedArray)]);
  });
});

/** One colour a layer of ag-psd's writer is filled with. */
function solid(width: number, height: number, rgba: number[]): ImageData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set(rgba, i * 4);
  return { width, height, data, colorSpace: "srgb" } as unknown as ImageData;
}

function noComposite(children: unknown[]): Uint8Array {
  const psd = {
    width: 4,
    height: 1,
    imageResources: { versionInfo: { hasRealMergedData: false, writerName: "Adobe Photoshop", readerName: "Adobe Photoshop", fileVersion: 1 } },
    children,
  } as unknown as Psd;
  return new Uint8Array(writePsd(psd));
}

const pixel = (data: Uint8Array, x: number) => [...data.subarray(x * 4, x * 4 + 4)];

describe("compositing rules (ag-psd's writer, no composite)", () => {
  it("opacity, fill opacity, hidden layers and hidden groups", () => {
    const image = decodePsb(
      noComposite([
        { name: "white", top: 0, left: 0, imageData: solid(4, 1, [255, 255, 255, 255]) },
        { name: "red at 50 %", top: 0, left: 0, opacity: 0.5, imageData: solid(1, 1, [255, 0, 0, 255]) },
        { name: "hidden", top: 0, left: 1, hidden: true, imageData: solid(1, 1, [0, 0, 0, 255]) },
        { name: "hidden group", hidden: true, children: [{ name: "in it", top: 0, left: 2, imageData: solid(1, 1, [0, 0, 0, 255]) }] },
        { name: "group at 20 %", opacity: 0.2, children: [{ name: "black", top: 0, left: 3, imageData: solid(1, 1, [0, 0, 0, 255]) }] },
      ]),
    );
    // ag-psd stores 50 % as 128/255
    expect(pixel(image.data, 0)).toEqual([255, 127, 127, 255]);
    expect(pixel(image.data, 1)).toEqual([255, 255, 255, 255]);
    expect(pixel(image.data, 2)).toEqual([255, 255, 255, 255]);
    expect(pixel(image.data, 3)).toEqual([204, 204, 204, 255]);
  });

  it("a clipping mask keeps the clipped layer inside its base; multiply blends; other modes are named", () => {
    const image = decodePsb(
      noComposite([
        { name: "grey", top: 0, left: 0, imageData: solid(4, 1, [128, 128, 128, 255]) },
        { name: "base", top: 0, left: 0, imageData: solid(2, 1, [0, 0, 255, 255]) },
        { name: "clipped", top: 0, left: 1, clipping: true, imageData: solid(2, 1, [0, 255, 0, 255]) },
        { name: "multiply", top: 0, left: 3, blendMode: "multiply", imageData: solid(1, 1, [255, 0, 0, 255]) },
        { name: "hue", top: 0, left: 2, blendMode: "hue", opacity: 0, imageData: solid(1, 1, [255, 0, 0, 255]) },
      ]),
    );
    expect(pixel(image.data, 0)).toEqual([0, 0, 255, 255]);
    expect(pixel(image.data, 1)).toEqual([0, 255, 0, 255]);
    // the clipped layer's second pixel lies outside its base: not drawn
    expect(pixel(image.data, 2)).toEqual([128, 128, 128, 255]);
    expect(pixel(image.data, 3)).toEqual([128, 0, 0, 255]);
    expect(image.notes).toContain("Layers in the Hue blend mode were drawn in the Normal mode.");
  });

  it("a Normal colour overlay recolours the layer; switched-off effects are not named, switched-on ones are", () => {
    const effects = { solidFill: [{ enabled: true, present: true, blendMode: "normal", color: { r: 0, g: 0, b: 255 }, opacity: 0.5 }], dropShadow: [{ enabled: false, present: true }] };
    const image = decodePsb(
      noComposite([
        { name: "white", top: 0, left: 0, imageData: solid(4, 1, [255, 255, 255, 255]) },
        { name: "red, overlaid", top: 0, left: 0, effects, imageData: solid(1, 1, [255, 0, 0, 255]) },
        { name: "shadowed", top: 0, left: 1, effects: { dropShadow: [{ enabled: true, present: true, color: { r: 0, g: 0, b: 0 } }] }, imageData: solid(1, 1, [0, 255, 0, 255]) },
      ]),
    );
    expect(pixel(image.data, 0)).toEqual([128, 0, 128, 255]);
    expect(pixel(image.data, 1)).toEqual([0, 255, 0, 255]);
    expect(image.notes).toContain("Some layer effects (glows, bevels, inner shadows, gradient or pattern overlays...) were not drawn.");
    const quiet = decodePsb(noComposite([{ name: "red, overlaid", top: 0, left: 0, effects, imageData: solid(4, 1, [255, 0, 0, 255]) }]));
    expect(quiet.notes.join(" ")).not.toMatch(/effects/);
  });

  it("an outside stroke rings the layer's shape; a drop shadow falls away from the light", () => {
    const stroke = [{ enabled: true, present: true, position: "outside", fillType: "color", blendMode: "normal", opacity: 1, size: { units: "Pixels", value: 1 }, color: { r: 0, g: 0, b: 0 } }];
    const shadow = [{ enabled: true, present: true, blendMode: "normal", color: { r: 0, g: 0, b: 255 }, opacity: 1, angle: 90, useGlobalLight: false, distance: { units: "Pixels", value: 3 }, size: { units: "Pixels", value: 0 }, choke: { units: "Pixels", value: 0 } }];
    const psd = {
      width: 8,
      height: 8,
      imageResources: { versionInfo: { hasRealMergedData: false, writerName: "Adobe Photoshop", readerName: "Adobe Photoshop", fileVersion: 1 } },
      children: [
        { name: "white", top: 0, left: 0, imageData: solid(8, 8, [255, 255, 255, 255]) },
        { name: "red square", top: 2, left: 2, effects: { stroke, dropShadow: shadow }, imageData: solid(2, 2, [255, 0, 0, 255]) },
      ],
    } as unknown as Psd;
    const image = decodePsb(new Uint8Array(writePsd(psd)));
    const at = (x: number, y: number) => [...image.data.subarray((y * 8 + x) * 4, (y * 8 + x) * 4 + 3)];
    expect(at(2, 2)).toEqual([255, 0, 0]);
    // the ring one pixel wide around the 2 × 2 square (its corners too: Euclidean distance 1.41 covers them in part)
    expect(at(1, 2)).toEqual([0, 0, 0]);
    expect(at(4, 3)).toEqual([0, 0, 0]);
    expect(at(0, 2)).toEqual([255, 255, 255]);
    // light from above (90°): the shadow three pixels below the square, beyond the stroke
    expect(at(2, 6)).toEqual([0, 0, 255]);
    expect(image.notes.join(" ")).not.toMatch(/effects/);
  });

  it("a layer mask scales the layer's alpha; outside the mask's rectangle its default colour applies", () => {
    const mask = { width: 2, height: 1, data: new Uint8ClampedArray([255, 255, 255, 255, 64, 64, 64, 255]) };
    const image = decodePsb(
      noComposite([
        { name: "white", top: 0, left: 0, imageData: solid(4, 1, [255, 255, 255, 255]) },
        { name: "masked", top: 0, left: 0, imageData: solid(4, 1, [0, 0, 0, 255]), mask: { top: 0, left: 0, bottom: 1, right: 2, defaultColor: 0, imageData: mask } },
      ]),
    );
    expect([0, 1, 2, 3].map((x) => pixel(image.data, x)[0])).toEqual([0, 191, 255, 255]);
  });
});

interface RawPsd {
  mode: number;
  channels: number;
  depth?: number;
  width: number;
  height: number;
  compression?: number;
  /** the composite's stored data after the compression field */
  data: Uint8Array;
}

/** A hand-made PSD: header, empty sections, then the composite. */
function rawPsd(spec: RawPsd): Uint8Array {
  const out = new Uint8Array(26 + 4 + 4 + 4 + 2 + spec.data.length);
  const v = new DataView(out.buffer);
  out.set([0x38, 0x42, 0x50, 0x53]);
  v.setUint16(4, 1);
  v.setUint16(12, spec.channels);
  v.setUint32(14, spec.height);
  v.setUint32(18, spec.width);
  v.setUint16(22, spec.depth ?? 8);
  v.setUint16(24, spec.mode);
  v.setUint16(38, spec.compression ?? 0);
  out.set(spec.data, 40);
  return out;
}

describe("the composite's fourth channel in a file without layers", () => {
  it("is an alpha (selection) channel, and the composite opaque, unless it is named Transparency (as ImageMagick reads it)", () => {
    const data = new Uint8Array([200, 100, 50, 60, 10, 20, 255, 0]);
    const image = decodePsb(rawPsd({ mode: 3, channels: 4, width: 2, height: 1, data }));
    expect([...image.data]).toEqual([200, 50, 10, 255, 100, 60, 20, 255]);
  });
});

describe("colour modes and compressions", () => {
  it("Lab (D50) to sRGB: white, black and a mid grey", () => {
    // channels stored one after another: L, a, b for three pixels
    const image = decodePsb(rawPsd({ mode: 9, channels: 3, width: 3, height: 1, data: new Uint8Array([255, 0, 128, 128, 128, 128, 128, 128, 128]) }));
    expect(image.notes[0]).toMatch(/Lab colours were converted/);
    expect(pixel(image.data, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(image.data, 1)).toEqual([0, 0, 0, 255]);
    // L* 50.2 is sRGB 119-120
    expect(Math.abs(pixel(image.data, 2)[0]! - 120)).toBeLessThanOrEqual(1);
  });

  it("Duotone shows its grey channel with a note; Multichannel with one channel is grey, with more it is refused by name", () => {
    const duotone = decodePsb(rawPsd({ mode: 8, channels: 1, width: 2, height: 1, data: new Uint8Array([10, 200]) }));
    expect(pixel(duotone.data, 1)).toEqual([200, 200, 200, 255]);
    expect(duotone.notes[0]).toMatch(/Duotone inks were not applied/);
    expect(pixel(decodePsb(rawPsd({ mode: 7, channels: 1, width: 1, height: 1, data: new Uint8Array([77]) })).data, 0)).toEqual([77, 77, 77, 255]);
    expect(() => decodePsb(rawPsd({ mode: 7, channels: 3, width: 1, height: 1, data: new Uint8Array(3) }))).toThrow(/Multichannel colour mode with 3 channels/);
  });

  it("a colour mode number Photoshop does not have is a damaged header, said in words (webtoon/psd's file-color-mode-invalid)", () => {
    expect(() => decodePsb(rawPsd({ mode: 48879, channels: 3, width: 1, height: 1, data: new Uint8Array(3) }))).toThrow(/corrupt: its header names a colour mode that does not exist/);
  });

  it("ZIP-compressed composites, with and without prediction, at 8 and 16 bits", () => {
    const rgb = [10, 20, 30, 40, 50, 60];
    expect(pixel(decodePsb(rawPsd({ mode: 3, channels: 3, width: 2, height: 1, compression: 2, data: zlibSync(new Uint8Array([10, 40, 20, 50, 30, 60])) })).data, 1)).toEqual([40, 50, 60, 255]);
    // prediction: each row stores its first sample, then differences
    const predicted = zlibSync(new Uint8Array([10, 30, 20, 30, 30, 30]));
    expect([...decodePsb(rawPsd({ mode: 3, channels: 3, width: 2, height: 1, compression: 3, data: predicted })).data]).toEqual([10, 20, 30, 255, ...rgb.slice(3), 255]);
    // 16-bit big-endian differences: 0x1000 then +0x2000
    const wide = zlibSync(new Uint8Array([0x10, 0x00, 0x20, 0x00]));
    expect(pixel(decodePsb(rawPsd({ mode: 1, channels: 1, depth: 16, width: 2, height: 1, compression: 3, data: wide })).data, 1)).toEqual([48, 48, 48, 255]);
    expect(() => decodePsb(rawPsd({ mode: 3, channels: 3, width: 2, height: 1, compression: 2, data: new Uint8Array([1, 2, 3]) }))).toThrow(/cannot be inflated/);
  });
});

describe("robustness of the layer path (fast-check)", () => {
  it("no-composite files (layers, masks, groups, gradient and shape fills) with flipped bytes and truncation only ever throw PsbError", () => {
    const seeds = [
      corpus("ag-layer-comps.psd"),
      corpus("psdtools-layers-minimal-gradient-fill.psd"),
      corpus("psdtools-layers-minimal-shape-layer.psd"),
      noComposite([
        { name: "a", top: 0, left: 0, imageData: solid(4, 1, [1, 2, 3, 255]), effects: { stroke: [{ enabled: true, position: "center", fillType: "color", blendMode: "multiply", size: { units: "Pixels", value: 2 }, color: { r: 9, g: 9, b: 9 } }] } },
        { name: "g", opacity: 0.5, children: [{ name: "b", top: 0, left: 1, clipping: true, imageData: solid(2, 1, [9, 9, 9, 255]) }] },
      ]),
    ];
    fuzzProperty(
      fc.property(fc.nat(seeds.length - 1), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 }), fc.option(fc.nat(), { nil: undefined }), (which, flips, cut) => {
        const bytes = seeds[which]!.slice();
        for (const [at, value] of flips) bytes[at % bytes.length] = bytes[at % bytes.length]! ^ value;
        const input = cut === undefined ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
        const budget = new WorkBudget(1 << 24);
        try {
          const image = decodePsb(input, { budget });
          expect(image.data.length).toBe(image.width * image.height * 4);
        } catch (error) {
          if (!(error instanceof PsbError)) throw error;
        }
      }),
      300,
    );
  });
});

/** A square path for ag-psd's writer: each corner's control points on the corner itself. */
function square(x0: number, y0: number, x1: number, y1: number): number[] {
  return [x0, y0, x0, y0, x0, y0, x1, y0, x1, y0, x1, y0, x1, y1, x1, y1, x1, y1, x0, y1, x0, y1, x0, y1];
}

describe("shape and fill layers", () => {
  it("a shape layer (solid-colour fill through a vector mask) is drawn inside its path, with antialiased edges", () => {
    const points = square(2, 2, 6, 5.5);
    const knots = [0, 1, 2, 3].map((k) => ({ linked: false, points: points.slice(k * 6, k * 6 + 6) }));
    const psd = {
      width: 8,
      height: 8,
      imageResources: { versionInfo: { hasRealMergedData: false, writerName: "Adobe Photoshop", readerName: "Adobe Photoshop", fileVersion: 1 } },
      children: [
        { name: "white", top: 0, left: 0, imageData: solid(8, 8, [255, 255, 255, 255]) },
        { name: "shape", vectorFill: { type: "color", color: { r: 255, g: 0, b: 0 } }, vectorMask: { paths: [{ open: false, operation: "combine", knots }] } },
      ],
    } as unknown as Psd;
    const image = decodePsb(new Uint8Array(writePsd(psd)));
    const at = (x: number, y: number) => [...image.data.subarray((y * 8 + x) * 4, (y * 8 + x) * 4 + 3)];
    expect(at(3, 3)).toEqual([255, 0, 0]);
    expect(at(1, 1)).toEqual([255, 255, 255]);
    expect(at(6, 3)).toEqual([255, 255, 255]);
    // the path's lower edge crosses row 5 halfway
    expect(at(3, 5)).toEqual([255, 128, 128]);
    expect(image.notes.join(" ")).not.toMatch(/fill layers/i);
  });

  it("a solid-colour fill with a layer mask (psd-tools' masks/2.psd, no composite) is drawn", () => {
    const image = decodePsb(corpus("psdtools-masks-2.psd"));
    expect(image.source).toBe("layers");
    expect(image.notes.join(" ")).not.toMatch(/fill layers/i);
  });

  it("a gradient fill (psd-tools' layers-minimal/gradient-fill.psd: red to transparent, upwards) is drawn", () => {
    const image = decodePsb(corpus("psdtools-layers-minimal-gradient-fill.psd"));
    expect(image.source).toBe("layers");
    const at = (x: number, y: number) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];
    expect(at(5, image.height - 1)).toEqual([255, 0, 0, expect.toSatisfy((a: number) => a > 240)]);
    expect(at(5, 0)[3]).toBeLessThan(15);
    expect(Math.abs(at(5, image.height >> 1)[3]! - 128)).toBeLessThan(12);
  });

  it("a shape's outline is named in the notes", () => {
    expect(decodePsb(corpus("psdtools-layers-minimal-shape-layer.psd")).notes).toContain("The outlines (strokes) of shape layers were not drawn.");
  });

  it("a file without a composite whose visible layers cannot be drawn is refused, not shown as the stand-in", () => {
    const bytes = noComposite([{ name: "levels", adjustment: { type: "brightness/contrast", brightness: 10, contrast: 5 } }]);
    expect(() => decodePsb(bytes)).toThrow(/saved without a composite image .* visible layers hold only adjustment layers, which this tool cannot draw/);
  });
});

/** Pillow's composite as RGBA (Pillow takes any fourth channel as alpha), with its palette indices for an indexed file. */
function pillowRgba(file: string, withIndices = false): { data: Uint8Array; indices: Uint8Array | null } {
  const script = "import sys\nfrom PIL import Image\nsrc=Image.open(sys.argv[1])\nsys.stdout.buffer.write(src.convert('RGBA').tobytes())\nif src.mode=='P': sys.stdout.buffer.write(src.tobytes())";
  const out = new Uint8Array(execFileSync(PYTHON, ["-c", script, file], { maxBuffer: 1 << 26 }));
  if (!withIndices) return { data: out, indices: null };
  const pixels = (out.length / 5) * 4;
  return { data: out.subarray(0, pixels), indices: out.subarray(pixels) };
}

describe.skipIf(!HAVE_PILLOW || !HAVE_IMAGEMAGICK)("other writers' files (red team: oov/psd, rust psd)", () => {
  it("a layered file whose fourth composite channel no alpha-names resource names (MediBang): it is transparency", () => {
    const name = "oov-medibang-unnamed-transparency.psd";
    const image = decodePsb(corpus(name));
    expect(image.source).toBe("composite");
    const alpha = image.data.filter((_, i) => i % 4 === 3);
    expect(alpha.some((a) => a === 0)).toBe(true);
    // Pillow reads that channel as alpha; ImageMagick as a selection (the page was black there)
    expect(onWhitePsnr(image.data, pillowRgba(join(CORPUS, name)).data)).toBeGreaterThan(50);
  });

  it("an indexed file's transparent palette entry (0x0417) makes those pixels transparent", () => {
    const name = "oov-indexed-transparent-index.psd";
    const image = decodePsb(corpus(name));
    const { data, indices } = pillowRgba(join(CORPUS, name), true);
    let transparent = 0;
    for (let i = 0; i < indices!.length; i++) {
      const index = indices![i]!;
      expect(image.data[i * 4 + 3]).toBe(index === 255 ? 0 : 255);
      if (index === 255) transparent++;
      else expect([...image.data.subarray(i * 4, i * 4 + 3)]).toEqual([...data.subarray(i * 4, i * 4 + 3)]);
    }
    expect(transparent).toBeGreaterThan(1000);
  });

  it("a layer whose ZIP data cannot be inflated, beside a sound composite from a writer without version info: the composite is the picture", () => {
    const name = "rspsd-luni-bad-zip-layer.psd";
    const image = decodePsb(corpus(name));
    expect(image.source).toBe("composite");
    expect([...image.data]).toEqual([...magickRgba(`${join(CORPUS, name)}[0]`).data]);
  });
});

describe("Photoshop's text stand-in composite", () => {
  it("is not the picture, with or without the version-info resource (TwelveMonkeys' jugware-icon.psd)", () => {
    const original = corpus("twelvemonkeys-jugware-icon.psd");
    const drawn = decodePsb(original);
    expect(drawn.source).toBe("layers");
    // the resource renamed: the white-on-black text composite is recognised by its look
    const stripped = original.slice();
    const at = Buffer.from(stripped).indexOf(Buffer.from([0x38, 0x42, 0x49, 0x4d, 0x04, 0x21]));
    stripped[at + 4] = 0x0f;
    stripped[at + 5] = 0xff;
    const image = decodePsb(stripped);
    expect(image.source).toBe("layers");
    expect(image.data).toEqual(drawn.data);
  });
});

describe("clipping groups drawn from the layers (oov/psd's clipping.psd, flag cleared)", () => {
  it("a base in Screen mode lays its clipped layers down in Screen (blend as group) or lets them blend apart (clbl 0), as the composite shows", () => {
    const original = corpus("oov-clipping-blend-as-group.psd");
    const copy = original.slice();
    const at = Buffer.from(copy).indexOf(Buffer.from([0x38, 0x42, 0x49, 0x4d, 0x04, 0x21]));
    copy[at + 6 + ((copy[at + 6]! + 2) & ~1) + 4 + 4] = 0;
    const drawn = decodePsb(copy);
    expect(drawn.source).toBe("layers");
    // drawn Normal (before "clbl" and the base's mode were honoured) it was 12 dB from the composite
    expect(onWhitePsnr(drawn.data, decodePsb(original).data)).toBeGreaterThan(28);
  });
});

describe("a 32-bit document's fill colours", () => {
  it("are linear light: drawn from the layers, psd-tools' 300dpi.psd matches its own composite (it was 22 dB, too dark)", () => {
    const original = corpus("psdtools-300dpi.psd");
    const copy = original.slice();
    const at = Buffer.from(copy).indexOf(Buffer.from([0x38, 0x42, 0x49, 0x4d, 0x04, 0x21]));
    copy[at + 6 + ((copy[at + 6]! + 2) & ~1) + 4 + 4] = 0;
    const drawn = decodePsb(copy);
    expect(drawn.source).toBe("layers");
    expect(onWhitePsnr(drawn.data, decodePsb(original).data)).toBeGreaterThan(40);
  });
});
