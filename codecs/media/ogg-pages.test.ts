import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { beginningStreams, endsInAnotherStream, firstOggPage, lastOggPage } from "./ogg-pages.ts";

/** A page header (RFC 3533) with one segment of `body` bytes; the CRC is not checked here. */
function page(serial: number, body: number, type = 0): Uint8Array {
  const out = new Uint8Array(28 + body);
  out.set([0x4f, 0x67, 0x67, 0x53, 0, type]);
  new DataView(out.buffer).setUint32(14, serial, true);
  out[26] = 1;
  out[27] = body;
  out.fill(0x4f, 28); // "O" bytes in the body: not a page start
  return out;
}

const join = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((part) => [...part]));

describe("Ogg pages", () => {
  it("reads the first and the last page's serial number", () => {
    const file = join(page(7, 30, 2), page(7, 200), page(9, 40, 2), page(9, 100, 4));
    expect(firstOggPage(file)).toEqual({ offset: 0, serial: 7 });
    expect(lastOggPage(file)).toEqual({ offset: file.length - 128, serial: 9 });
    expect(lastOggPage(file.subarray(file.length - 128))).toEqual({ offset: 0, serial: 9 });
    expect(firstOggPage(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(lastOggPage(new Uint8Array(100))).toBeNull();
  });

  it("tells a chain (another stream at the end) from a single stream", () => {
    const single = join(page(7, 30, 2), page(7, 200), page(7, 100, 4));
    const chained = join(page(7, 30, 2), page(7, 200, 4), page(9, 30, 2), page(9, 100, 4));
    expect(endsInAnotherStream(single, single.subarray(single.length - 150))).toBe(false);
    expect(endsInAnotherStream(chained, chained.subarray(chained.length - 150))).toBe(true);
    // not Ogg at all
    expect(endsInAnotherStream(new Uint8Array(64), new Uint8Array(64))).toBe(false);
  });

  it("counts the streams a file begins (its leading pages marked beginning-of-stream)", () => {
    expect(beginningStreams(join(page(7, 30, 2), page(9, 40, 2), page(7, 200), page(9, 100)))).toBe(2);
    expect(beginningStreams(join(page(7, 30, 2), page(7, 200)))).toBe(1);
    expect(beginningStreams(new Uint8Array(10))).toBe(0);
  });

  it("counts Theora and Vorbis in an .ogv native ffmpeg wrote", () => {
    const dir = mkdtempSync(joinPath(tmpdir(), "ogg-pages-"));
    try {
      const file = joinPath(dir, "film.ogv");
      execFileSync("ffmpeg", ["-hide_banner", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=64x48:duration=1", "-f", "lavfi", "-i", "sine=duration=1", "-c:v", "libtheora", "-c:a", "libvorbis", file]);
      expect(beginningStreams(readFileSync(file).subarray(0, 65_536))).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
