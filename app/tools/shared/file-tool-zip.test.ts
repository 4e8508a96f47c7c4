import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { buildZip, filesOfZip, uniqueNames, ZIP_MAX_BYTES, ZipTooLarge, ZipWriter } from "./file-tool-zip.ts";

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed * 7) & 0xff);

async function unzipBlob(blob: Blob) {
  return unzipSync(new Uint8Array(await blob.arrayBuffer()));
}

describe("uniqueNames", () => {
  it("numbers repeats before the extension, case-insensitively, in order", () => {
    expect(uniqueNames(["a.png", "b.png", "a.png", "A.PNG", "a (2).png"])).toEqual(["a.png", "b.png", "a (2).png", "A (3).PNG", "a (2) (2).png"]);
  });

  it("keeps double extensions and names without one", () => {
    expect(uniqueNames(["x.tar.gz", "x.tar.gz", "README", "README"])).toEqual(["x.tar.gz", "x (2).tar.gz", "README", "README (2)"]);
  });

  it("never lets a name climb out of the archive", () => {
    expect(uniqueNames(["../evil.png", "a/b.png", "..", ""])).toEqual([".._evil.png", "a_b.png", "file", "file (2)"]);
  });
});

describe("buildZip", () => {
  it("stores every output byte for byte, a folder's files under the folder", async () => {
    const big = bytes(300_000, 1); // several stream chunks
    const a = bytes(1000, 2);
    const level0 = bytes(64, 3);
    const level1 = bytes(16, 4);
    const zip = await buildZip([
      { kind: "file", name: "big.png", blob: new Blob([big]) },
      { kind: "file", name: "big (2).png", blob: new Blob([a]) },
      { kind: "folder", name: "stone", files: [{ name: "stone_mip0.png", blob: new Blob([level0]) }, { name: "mips/stone_mip1.png", blob: new Blob([level1]) }] },
    ]);
    expect(zip.type).toBe("application/zip");
    const entries = await unzipBlob(zip);
    expect(Object.keys(entries)).toEqual(["big.png", "big (2).png", "stone/stone_mip0.png", "stone/mips/stone_mip1.png"]);
    expect(entries["big.png"]).toEqual(big);
    expect(entries["big (2).png"]).toEqual(a);
    expect(entries["stone/stone_mip0.png"]).toEqual(level0);
    expect(entries["stone/mips/stone_mip1.png"]).toEqual(level1);
  });

  it("an empty output is an empty entry, and a folder's repeated names are numbered", async () => {
    const zip = await buildZip([{ kind: "folder", name: "f", files: [{ name: "x.png", blob: new Blob([bytes(5, 1)]) }, { name: "x.png", blob: new Blob([]) }] }]);
    const entries = await unzipBlob(zip);
    expect(Object.keys(entries)).toEqual(["f/x.png", "f/x (2).png"]);
    expect(entries["f/x (2).png"]).toEqual(new Uint8Array(0));
  });

  it("stops when its signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(buildZip([{ kind: "file", name: "a", blob: new Blob([bytes(10, 1)]) }], controller.signal)).rejects.toThrow();
  });
});

describe("ZipWriter", () => {
  it("writes entries as they come, folding its chunks into Blob parts, into a zip any reader opens", async () => {
    // a fold every 1,000 bytes: the archive is made of many parts
    const zip = await ZipWriter.open({ foldBytes: 1000, maxBytes: ZIP_MAX_BYTES });
    const files = [bytes(5000, 1), bytes(10, 2), bytes(70_000, 3)];
    await zip.add("walls/brick.png", new Blob([files[0]!]));
    await zip.add("walls/old/moss.png", new Blob([files[1]!]));
    await zip.add("top.png", new Blob([files[2]!]));
    expect(zip.bytes).toBeGreaterThan(75_010);
    const entries = await unzipBlob(zip.finish());
    expect(Object.keys(entries)).toEqual(["walls/brick.png", "walls/old/moss.png", "top.png"]);
    expect(entries["walls/brick.png"]).toEqual(files[0]);
    expect(entries["walls/old/moss.png"]).toEqual(files[1]);
    expect(entries["top.png"]).toEqual(files[2]);
  });

  it("refuses an entry that would take the archive past its limit, before writing any of it", async () => {
    const zip = await ZipWriter.open({ foldBytes: 1 << 20, maxBytes: 2000 });
    await zip.add("a.png", new Blob([bytes(1000, 1)]));
    await expect(zip.add("b.png", new Blob([bytes(1000, 2)]))).rejects.toBeInstanceOf(ZipTooLarge);
    const entries = await unzipBlob(zip.finish());
    expect(Object.keys(entries)).toEqual(["a.png"]);
    expect(new ZipTooLarge(ZIP_MAX_BYTES).message).toBe("The zip would pass 4 GB, the most a zip made here can hold.");
  });
});

describe("filesOfZip", () => {
  it("lists the files of a tool's zip with their bytes, folders left out", async () => {
    const made = zipSync({ "a.png": bytes(20, 1), "sub/": new Uint8Array(0), "sub/b.png": strToU8("bee") });
    const files = await filesOfZip(new Blob([made]));
    expect(files.map((f) => f.name)).toEqual(["a.png", "sub/b.png"]);
    expect(new Uint8Array(await files[0]!.blob.arrayBuffer())).toEqual(bytes(20, 1));
    expect(await files[1]!.blob.text()).toBe("bee");
  });
});
