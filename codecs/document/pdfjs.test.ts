import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_QPDF } from "#tests/support/reference-tools.ts";
import { HAVE_LIBREOFFICE, officeFromHtml, reportHtml } from "#tests/support/office-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import { closePdf, openPdf } from "./pdfjs.ts";
import { nodePdfjs } from "./pdfjs-node.ts";

const dir = scratch("pdfjs-open");
afterAll(() => dir.cleanup());

describe.skipIf(!HAVE_LIBREOFFICE || !HAVE_QPDF)("openPdf", () => {
  const plain = officeFromHtml(reportHtml(), "pdf", dir.dir);
  const locked = dir.path("locked.pdf");
  execFileSync("/usr/bin/qpdf", ["--encrypt", "open-sesame", "owner", "256", "--", plain, locked]);

  it("opens LibreOffice's PDF and reads its first words", async () => {
    const doc = await openPdf(await nodePdfjs(), dir.read("fixture.pdf"));
    const text = await (await doc.getPage(1)).getTextContent();
    expect(text.items.map((item) => ("str" in item ? item.str : "")).join(" ")).toContain("Quarterly Report");
    await closePdf(doc);
  });

  it("asks for the password of an encrypted PDF, refuses a wrong one and opens with the right one", async () => {
    const platform = await nodePdfjs();
    await expect(openPdf(platform, dir.read("locked.pdf"))).rejects.toMatchObject({ code: "password-required" });
    await expect(openPdf(platform, dir.read("locked.pdf"), { password: "nope" })).rejects.toMatchObject({ code: "wrong-password" });
    const doc = await openPdf(platform, dir.read("locked.pdf"), { password: "open-sesame" });
    expect(doc.numPages).toBe(1);
    await closePdf(doc);
  });

  it("calls a file that is not a PDF damaged", async () => {
    await expect(openPdf(await nodePdfjs(), new TextEncoder().encode("%PDF-1.7 nothing else here"))).rejects.toMatchObject({ code: "damaged" });
    await expect(openPdf(await nodePdfjs(), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).rejects.toMatchObject({ code: "damaged" });
  });
});
