import { describe, expect, it } from "vitest";
import { PositionedChunks } from "./positioned-chunks.ts";

const bytes = (...values: number[]) => new Uint8Array(values);
const read = async (chunks: PositionedChunks) => [...new Uint8Array(await chunks.toBlob("application/octet-stream").arrayBuffer())];

describe("PositionedChunks", () => {
  it("appends writes in order", async () => {
    const file = new PositionedChunks();
    file.write(bytes(1, 2), 0);
    file.write(bytes(3), 2);
    expect(file.size).toBe(3);
    expect(await read(file)).toEqual([1, 2, 3]);
  });

  it("patches bytes across chunk borders and extends past the end", async () => {
    const file = new PositionedChunks();
    file.write(bytes(1, 2, 3), 0);
    file.write(bytes(4, 5, 6), 3);
    file.write(bytes(9, 9), 2);
    file.write(bytes(7, 8, 10), 5);
    expect(await read(file)).toEqual([1, 2, 9, 9, 5, 7, 8, 10]);
  });

  it("zero-fills a gap before a write past the end", async () => {
    const file = new PositionedChunks();
    file.write(bytes(1), 0);
    file.write(bytes(2), 3);
    expect(await read(file)).toEqual([1, 0, 0, 2]);
  });

  it.each([1 << 30, 16, 1])("matches a flat buffer under random positioned writes (sealing every %i bytes)", async (sealBytes) => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    const file = new PositionedChunks(sealBytes);
    const flat: number[] = [];
    for (let i = 0; i < 300; i++) {
      const position = next(flat.length + 5);
      const data = Array.from({ length: 1 + next(9) }, () => next(256));
      file.write(new Uint8Array(data), position);
      while (flat.length < position) flat.push(0);
      data.forEach((value, k) => (flat[position + k] = value));
    }
    expect(await read(file)).toEqual(flat);
  });

  it("refuses a negative position", () => {
    expect(() => new PositionedChunks().write(bytes(1), -1)).toThrow(RangeError);
  });
});
