import * as CFB from "cfb";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_LIBREOFFICE, officeFromHtml, reportHtml } from "#tests/support/office-fixtures.ts";
import { loopingChain } from "#tests/support/doc-surgery.ts";
import { scratch } from "#tests/support/scratch.ts";
import { openCompoundFile } from "./doc-cfb.ts";

const dir = scratch("doc-cfb");
afterAll(() => dir.cleanup());

describe.skipIf(!HAVE_LIBREOFFICE)("openCompoundFile", () => {
  officeFromHtml(reportHtml({ paragraphs: 200 }), "doc", dir.dir, "report");
  const bytes = dir.read("report.doc");

  it("reads every root stream as the cfb package does, from the FAT and from the mini stream", () => {
    const reference = CFB.read(bytes, { type: "buffer" });
    const ours = openCompoundFile(bytes);
    const streams = reference.FileIndex.filter((entry, i) => entry.type === 2 && reference.FullPaths[i]!.split("/").length === 2);
    expect(streams.map((entry) => entry.name)).toEqual(expect.arrayContaining(["WordDocument", "1Table", "\u0005SummaryInformation"]));
    // both kinds of storage are covered: a stream of 4096 bytes or more, and a smaller one
    expect(streams.some((entry) => entry.size >= 4096) && streams.some((entry) => entry.size < 4096)).toBe(true);
    for (const entry of streams) expect(ours.stream(entry.name), entry.name).toEqual(Uint8Array.from(entry.content));
    expect(ours.stream("NoSuchStream")).toBeUndefined();
  });

  it("refuses a sector chain that loops instead of following it for ever", () => {
    const looping = openCompoundFile(loopingChain(bytes));
    expect(() => looping.stream("WordDocument")).toThrow(expect.objectContaining({ code: "damaged" }));
  });

  it("refuses a stream that claims more bytes than the file has", () => {
    const claims = bytes.slice();
    const entry = Buffer.from(claims).indexOf(Buffer.from("WordDocument\0", "utf16le"));
    new DataView(claims.buffer).setUint32(entry + 120, 0xfffffff0, true);
    expect(() => openCompoundFile(claims).stream("WordDocument")).toThrow(expect.objectContaining({ code: "damaged" }));
  });
});
