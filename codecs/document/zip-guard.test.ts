import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { deflatedEntry, handmadeZip, zerosDeflate } from "#tests/support/handmade-zip.ts";
import { PYTHON } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { DocumentError } from "./document-error.ts";
import { checkZip, findZipEntry, readZipEntry } from "./zip-guard.ts";

const HAVE_PYTHON = existsSync(PYTHON);
const GB = 1024 * 1024 * 1024;
const work = scratch("zip-guard");
afterAll(() => work.cleanup());

function failure(run: () => unknown): DocumentError {
  try {
    run();
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error("expected a DocumentError");
}

/** A zip written by Python's zipfile module (an independent writer): name → text. */
function pythonZip(files: Record<string, string>): Uint8Array {
  const out = work.path(`py-${Object.keys(files).length}.zip`);
  const script = "import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED)\n" +
    "for k,v in json.loads(sys.stdin.read()).items(): z.writestr(k,v)\nz.close()";
  execFileSync(PYTHON, ["-c", script, out], { input: JSON.stringify(files) });
  return work.read(out.slice(work.dir.length + 1));
}

describe("checkZip", () => {
  it.skipIf(!HAVE_PYTHON)("lists a zip written by Python and unpacks its entries to Python's bytes", () => {
    const files = { "word/document.xml": `<w:document>${"<w:p>Hello</w:p>".repeat(500)}</w:document>`, "docProps/core.xml": "<cp:coreProperties/>", "empty.txt": "" };
    const bytes = pythonZip(files);
    const entries = checkZip(bytes);
    expect(entries.map((entry) => entry.name).toSorted()).toEqual(Object.keys(files).toSorted());
    for (const [name, text] of Object.entries(files)) {
      const entry = findZipEntry(entries, name)!;
      expect(entry.uncompressedSize).toBe(Buffer.byteLength(text));
      expect(new TextDecoder().decode(readZipEntry(bytes, entry))).toBe(text);
    }
  });

  it.skipIf(!HAVE_PYTHON)("reads zip64 records (Python told that every size is beyond the 32-bit limits)", () => {
    const out = work.path("zip64.zip");
    // lowered before close(), so the central directory and its end are written in their zip64 forms
    const script = "import sys,zipfile\nz=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED)\n" +
      "z.writestr('a.xml','<a>'+'x'*5000+'</a>')\nz.writestr('b.txt','bee')\nzipfile.ZIP64_LIMIT=2\nzipfile.ZIP_FILECOUNT_LIMIT=1\nz.close()";
    execFileSync(PYTHON, ["-c", script, out]);
    const bytes = work.read("zip64.zip");
    // the zip64 end-of-directory record is there (signature PK\x06\x06)
    expect(Buffer.from(bytes).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const entries = checkZip(bytes);
    expect(entries.map((entry) => [entry.name, entry.uncompressedSize])).toEqual([["a.xml", 5007], ["b.txt", 3]]);
    expect(new TextDecoder().decode(readZipEntry(bytes, entries[1]!))).toBe("bee");
  });

  it("refuses an entry that declares more than a gigabyte, before inflating it", () => {
    const size = 1.1 * GB;
    const data = zerosDeflate(size);
    const bytes = handmadeZip([deflatedEntry("[Content_Types].xml", "<Types/>"), { name: "word/document.xml", data, method: 8, crc32: 0, declaredSize: size }]);
    const error = failure(() => checkZip(bytes));
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(/zip bomb/);
  });

  it("stops an entry that inflates past the size it declares (a lying header)", () => {
    const data = zerosDeflate(1.1 * GB);
    const bytes = handmadeZip([{ name: "word/document.xml", data, method: 8, crc32: 0, declaredSize: 8 * 1024 * 1024 }]);
    const error = failure(() => checkZip(bytes));
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(/declares/);
  });

  it("refuses an entry over 1 MB that is packed more than 200 times", () => {
    // fflate packs zeros about 1000:1
    const bytes = handmadeZip([deflatedEntry("a.xml", new Uint8Array(20 * 1024 * 1024))]);
    const error = failure(() => checkZip(bytes));
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(/"a\.xml" unpacks to 20 MB, \d+ times its packed size/);
    // the ratio limit is a named, adjustable one: raised, the same entry unpacks and checks out
    expect(checkZip(bytes, { maxRatio: 10_000 })).toHaveLength(1);
  });

  it("refuses a zip with more entries than the limit", () => {
    const bytes = handmadeZip(Array.from({ length: 30 }, (_, i) => deflatedEntry(`f${i}`, "x")));
    expect(checkZip(bytes)).toHaveLength(30);
    expect(failure(() => checkZip(bytes, { maxEntries: 20 })).code).toBe("too-much-work");
  });

  it("calls a cut-short zip, a broken entry and a non-zip damaged", () => {
    const bytes = handmadeZip([deflatedEntry("word/document.xml", "<w:document>hello hello hello</w:document>")]);
    for (const cut of [bytes.length - 10, Math.floor(bytes.length / 2), 10, 0]) {
      expect(failure(() => checkZip(bytes.subarray(0, cut))).code).toBe("damaged");
    }
    const flipped = bytes.slice();
    const inData = 30 + "word/document.xml".length + 3;
    flipped[inData] = flipped[inData]! ^ 0xff;
    expect(failure(() => checkZip(flipped)).code).toBe("damaged");
    expect(failure(() => checkZip(new TextEncoder().encode("%PDF-1.7 not a zip at all, just text"))).code).toBe("damaged");
    expect(failure(() => checkZip(new Uint8Array(100_000))).code).toBe("damaged");
  });
});
