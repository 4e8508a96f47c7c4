// The worker's JPEG decode where the browser's decoder is not at hand (as under Node here): our own
// decoder, EXIF orientation applied, and its refusals passed on in plain words as ImageLoadError.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeJpeg, ImageLoadError } from "./decode-jpeg.ts";
import { startsLikeJpeg } from "./jpeg-size.ts";

const CORPUS = join(import.meta.dirname, "../../../tests/corpus/jpeg");
const corpusFile = (name: string): Uint8Array<ArrayBuffer> => new Uint8Array(readFileSync(join(CORPUS, name)));

describe("decodeJpeg without the browser's decoder", () => {
  it("decodes a file cut short, and turns an orientation-8 picture upright", async () => {
    const cut = await decodeJpeg(corpusFile("truncated_jpeg.jpg"));
    expect([cut.width, cut.height]).toEqual([100, 100]);
    const turned = await decodeJpeg(corpusFile("orientation_rectangle.jpg")); // stored 2 × 1
    expect([turned.width, turned.height]).toEqual([1, 2]);
  });

  it("passes the decoder's refusal on as an ImageLoadError that names the problem", async () => {
    const original = corpusFile("testorig.jpg");
    const sof = original.findIndex((b, i) => b === 0xff && original[i + 1] === 0xc0);
    const hierarchical = original.slice();
    hierarchical[sof + 1] = 0xc5;
    await expect(decodeJpeg(hierarchical)).rejects.toThrow(ImageLoadError);
    await expect(decodeJpeg(hierarchical)).rejects.toThrow(/hierarchical JPEG compression/);
  });

  it("tells JPEG data by its first bytes, whatever the preview did", async () => {
    expect(await startsLikeJpeg(new Blob([corpusFile("testorig.jpg")]))).toBe(true);
    expect(await startsLikeJpeg(new Blob([new TextEncoder().encode("not a jpeg")]))).toBe(false);
  });
});
