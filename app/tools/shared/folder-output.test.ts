import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipPartName, zipSink } from "./folder-output.ts";

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 13 + seed) & 0xff);

async function entriesOf(blob: Blob) {
  return unzipSync(new Uint8Array(await blob.arrayBuffer()));
}

describe("zipSink", () => {
  it("streams the outputs into one zip with their sub-folders, numbering a name taken in the same folder", async () => {
    const saved: { name: string; blob: Blob }[] = [];
    const sink = await zipSink("textures-converted.zip", { save: (blob, name) => saved.push({ name, blob }) });
    const signal = new AbortController().signal;
    expect(await sink.write("walls/brick.png", new Blob([bytes(100, 1)]), signal)).toBe("walls/brick.png");
    expect(await sink.write("walls/Brick.png", new Blob([bytes(50, 2)]), signal)).toBe("walls/Brick (2).png");
    expect(await sink.write("brick.png", new Blob([bytes(10, 3)]), signal)).toBe("brick.png");
    expect(saved).toEqual([]);
    expect(sink.saved).toBe(0);
    sink.finish();
    expect(saved.map((s) => s.name)).toEqual(["textures-converted.zip"]);
    expect(sink.saved).toBe(1);
    const entries = await entriesOf(saved[0]!.blob);
    expect(Object.keys(entries)).toEqual(["walls/brick.png", "walls/Brick (2).png", "brick.png"]);
    expect(entries["walls/Brick (2).png"]).toEqual(bytes(50, 2));
  });

  it("a full zip is saved before the output that would pass its size, and the next part begun with the same structure", async () => {
    const saved: { name: string; blob: Blob }[] = [];
    const sink = await zipSink("textures-converted.zip", { partBytes: 1000, save: (blob, name) => saved.push({ name, blob }) });
    const signal = new AbortController().signal;
    await sink.write("a/1.png", new Blob([bytes(600, 1)]), signal);
    // 600 + 600 would pass 1,000: the first zip is saved now, with what it holds
    await sink.write("a/2.png", new Blob([bytes(600, 2)]), signal);
    expect(saved.map((s) => s.name)).toEqual(["textures-converted.zip"]);
    expect(sink.name).toBe("textures-converted.zip and 1 more part");
    // one output larger than a part still goes in (a zip of its own)
    await sink.write("b/big.png", new Blob([bytes(3000, 3)]), signal);
    // a name stays unique across the parts
    await sink.write("a/1.png", new Blob([bytes(5, 4)]), signal);
    sink.finish();
    expect(saved.map((s) => s.name)).toEqual(["textures-converted.zip", "textures-converted (part 2).zip", "textures-converted (part 3).zip", "textures-converted (part 4).zip"]);
    expect(sink.name).toBe("textures-converted.zip and 3 more parts");
    const parts = await Promise.all(saved.map((s) => entriesOf(s.blob)));
    expect(parts.map((entries) => Object.keys(entries))).toEqual([["a/1.png"], ["a/2.png"], ["b/big.png"], ["a/1 (2).png"]]);
    expect(parts[2]!["b/big.png"]).toEqual(bytes(3000, 3));
  });

  it("names the further parts after the first", () => {
    expect(zipPartName("photos-converted.zip", 1)).toBe("photos-converted.zip");
    expect(zipPartName("photos-converted.zip", 2)).toBe("photos-converted (part 2).zip");
  });
});
