import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { BatchRow } from "./file-tool-batch.ts";
import { downloadNames, zipItems } from "./file-tool-outputs.ts";
import type { FileToolResult } from "./file-tool-types.ts";
import { buildZip } from "./file-tool-zip.ts";

function finished(id: number, input: string, result: FileToolResult) {
  const row: BatchRow<FileToolResult> = { id, file: new File(["x"], input), status: { kind: "done", result } };
  return { row, result };
}

describe("outputs of several files", () => {
  const a1 = finished(1, "a.dds", { blob: new Blob(["one"]), fileName: "a.png" });
  const a2 = finished(2, "sub/a.DDS", { blob: new Blob(["two"]), fileName: "a.png" });
  const all = finished(3, "stone.dds", {
    blob: new Blob(["the tool's zip"]),
    fileName: "stone_all.zip",
    files: async () => [
      { name: "stone_mip0.png", blob: new Blob(["m0"]) },
      { name: "stone_mip1.png", blob: new Blob(["m1"]) },
    ],
  });
  const clash = finished(4, "x.dds", { blob: new Blob(["file named stone"]), fileName: "stone" });

  it("each row's download name is unique in the list", () => {
    expect([...downloadNames([a1, a2, all, clash])]).toEqual([
      [1, "a.png"],
      [2, "a (2).png"],
      [3, "stone_all.zip"],
      [4, "stone"],
    ]);
  });

  it("Download all holds each output once, several outputs of one input in a folder of its base name", async () => {
    const zip = await buildZip(await zipItems([a1, a2, all, clash]));
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(entries[name]);
    expect(Object.keys(entries)).toEqual(["a.png", "a (2).png", "stone/stone_mip0.png", "stone/stone_mip1.png", "stone (2)"]);
    expect(text("a.png")).toBe("one");
    expect(text("a (2).png")).toBe("two");
    expect(text("stone/stone_mip1.png")).toBe("m1");
    expect(text("stone (2)")).toBe("file named stone");
  });
});
