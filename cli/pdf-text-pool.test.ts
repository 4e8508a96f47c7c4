// PDF → TXT on worker threads (decision 061): the same text as one thread, byte for byte, and
// failures that reject cleanly (a worker's DocumentError keeps its code, a dead worker is named, an
// abort stops every thread).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentError } from "#codecs/document/document-error.ts";
import { nodePdfjsText } from "#codecs/document/pdfjs-node.ts";
import { readPdfText, type PdfPageHelpers } from "#codecs/document/read-pdf.ts";
import { HAVE_LIBREOFFICE, officeFromHtml, reportHtml } from "#tests/support/office-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import { annotatedPage, filledForm } from "#tests/corpus/pdf/form-writers.ts";
import { rotatedPages } from "#tests/corpus/pdf/page-writers.ts";
import { BOOT_PAGES, MIN_HELPER_PAGES } from "#codecs/document/pdf-text-split.ts";
import { MIN_PARALLEL_PAGES, nodePdfTextHelpers, pdfThreads, readOnWorker, splitPages } from "./pdf-text-pool.ts";
import { WorkerThreadCrash } from "./worker-pool.ts";

const dir = scratch("pdf-text-pool");
afterAll(() => dir.cleanup());

/** `pages` pages of numbered lines in Helvetica, some in two columns. */
async function numberedPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = pdf.addPage([400, 500]);
    page.drawText(`Chapter ${p}`, { x: 40, y: 450, size: 20, font });
    for (let line = 0; line < 12; line++) page.drawText(`Page ${p}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 40, y: 410 - line * 14, size: 10, font });
    if (p % 3 !== 0) continue;
    for (let line = 0; line < 6; line++) {
      page.drawText(`left ${line}`, { x: 40, y: 200 - line * 14, size: 10, font });
      page.drawText(`right ${line}`, { x: 240, y: 200 - line * 14, size: 10, font });
    }
  }
  return pdf.save();
}

/** Every split the pool could make, forced: two workers beside this thread, from the second page on. */
const forced = (): PdfPageHelpers => nodePdfTextHelpers({ CONVERT_THREADS: "3" }, 2)!;

async function bothWays(bytes: Uint8Array, helpers: PdfPageHelpers): Promise<[string, string]> {
  const platform = await nodePdfjsText();
  const one = await readPdfText(platform, bytes.slice());
  const pooled = await readPdfText(platform, bytes.slice(), { helpers });
  return [one, pooled];
}

describe("splitPages", () => {
  it("gives workers equal shares of the last pages, this thread BOOT_PAGES more, and nothing under the threshold or on one thread", () => {
    expect(splitPages(MIN_PARALLEL_PAGES - 1, 2)).toEqual([]);
    expect(splitPages(99, 2)).toEqual([]);
    expect(splitPages(1000, 1)).toEqual([]);
    expect(splitPages(MIN_PARALLEL_PAGES, 2)).toEqual([[MIN_PARALLEL_PAGES - MIN_HELPER_PAGES + 1, MIN_PARALLEL_PAGES]]);
    const three = splitPages(400, 3);
    expect(three).toHaveLength(2);
    expect(three[1]![1]).toBe(400);
    expect(three[0]![1] + 1).toBe(three[1]![0]);
    // this thread: BOOT_PAGES more than a helper, plus what the equal shares leave over
    const own = three[0]![0] - 1;
    const each = three[0]![1] - three[0]![0] + 1;
    expect(own - BOOT_PAGES - each).toBeGreaterThanOrEqual(0);
    expect(own - BOOT_PAGES - each).toBeLessThan(3);
    expect(splitPages(3, 4, { bootPages: 0, minHelperPages: 1 })).toEqual([[2, 2], [3, 3]]);
  });

  it("takes CONVERT_THREADS (capped at 4) over the cores", () => {
    expect(pdfThreads({}, 8)).toEqual({ threads: 4, forced: false });
    expect(pdfThreads({ CONVERT_THREADS: "1" }, 8)).toEqual({ threads: 1, forced: true });
    expect(nodePdfTextHelpers({}, 1)).toBeUndefined();
    expect(nodePdfTextHelpers({ CONVERT_THREADS: "1" }, 4)).toBeUndefined();
  });
});

describe("readPdfText with worker threads", () => {
  it("writes the single thread's text byte for byte (pdf-lib pages, the corpus's turned pages, forms and comments)", async () => {
    for (const bytes of [await numberedPdf(7), await rotatedPages(), await filledForm({ appearances: true }), await annotatedPage()]) {
      const [one, pooled] = await bothWays(bytes, forced());
      expect(pooled).toBe(one);
    }
  }, 60_000);

  it("crosses the page threshold with the default helpers, and the same text comes out", async () => {
    const bytes = await numberedPdf(MIN_PARALLEL_PAGES + 6);
    const helpers = nodePdfTextHelpers({}, 2)!;
    expect(helpers.split(MIN_PARALLEL_PAGES - 1)).toEqual([]);
    expect(helpers.split(MIN_PARALLEL_PAGES + 6).length).toBe(1);
    const [one, pooled] = await bothWays(bytes, helpers);
    expect(pooled).toBe(one);
    expect(pooled.split("\f")).toHaveLength(MIN_PARALLEL_PAGES + 6);
  }, 60_000);

  describe.skipIf(!HAVE_LIBREOFFICE)("on LibreOffice's PDF", () => {
    let report: Uint8Array = new Uint8Array();
    beforeAll(() => {
      report = dir.read(officeFromHtml(reportHtml({ paragraphs: 600 }), "pdf", dir.dir, "report").split("/").at(-1)!);
    }, 240_000);

    it("writes the single thread's text byte for byte, split three ways", async () => {
      const [one, pooled] = await bothWays(report, forced());
      expect(one.split("\f").length).toBeGreaterThanOrEqual(20);
      expect(pooled).toBe(one);
    }, 120_000);
  });
});

describe("failures on a worker thread", () => {
  it("keeps a DocumentError's message and code", async () => {
    const broken = new TextEncoder().encode("%PDF-1.7\nnot a pdf at all\n%%EOF\n");
    const failure = await readOnWorker(broken, 1, 1, { signal: new AbortController().signal }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DocumentError);
    expect((failure as DocumentError).code).toBe("damaged");
  }, 30_000);

  it("names a worker that dies instead of answering", async () => {
    const crashing = dir.path("crashing-worker.mjs");
    writeFileSync(crashing, 'import { parentPort } from "node:worker_threads";\nparentPort.once("message", () => process.exit(7));\n');
    await expect(readOnWorker(new Uint8Array(8), 1, 1, { signal: new AbortController().signal }, pathToFileURL(crashing))).rejects.toThrow(WorkerThreadCrash);
    const throwing = dir.path("throwing-worker.mjs");
    writeFileSync(throwing, 'import { parentPort } from "node:worker_threads";\nparentPort.once("message", () => { throw new Error("boom"); });\n');
    await expect(readOnWorker(new Uint8Array(8), 1, 1, { signal: new AbortController().signal }, pathToFileURL(throwing))).rejects.toThrow(/stopped: boom/);
  }, 30_000);

  it("rejects at once with an AbortError when cancelled, and readPdfText fails with a helper's failure", async () => {
    const hanging = dir.path("hanging-worker.mjs");
    writeFileSync(hanging, 'import { parentPort } from "node:worker_threads";\nparentPort.once("message", () => setInterval(() => {}, 1000));\n');
    const controller = new AbortController();
    const reading = readOnWorker(new Uint8Array(8), 1, 1, { signal: controller.signal }, pathToFileURL(hanging));
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: "AbortError" });

    const bytes = await numberedPdf(6);
    const failing: PdfPageHelpers = { split: () => [[4, 6]], read: (_b, _f, _l, { signal }) => readOnWorker(new Uint8Array(8), 1, 1, { signal }, pathToFileURL(dir.path("crashing-worker.mjs"))) };
    await expect(readPdfText(await nodePdfjsText(), bytes, { helpers: failing })).rejects.toThrow(WorkerThreadCrash);
    // the caller's abort reaches the helpers too
    const stop = new AbortController();
    let helperSignal: AbortSignal | undefined;
    const watching: PdfPageHelpers = {
      split: () => [[4, 6]],
      read: (_b, _f, _l, { signal }) => {
        helperSignal = signal;
        stop.abort();
        return readOnWorker(new Uint8Array(8), 1, 1, { signal }, pathToFileURL(hanging));
      },
    };
    await expect(readPdfText(await nodePdfjsText(), await numberedPdf(6), { helpers: watching, signal: stop.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(helperSignal?.aborted).toBe(true);
  }, 30_000);
});
