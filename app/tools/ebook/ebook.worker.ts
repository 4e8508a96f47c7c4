// The ebook tools' worker (issue 16): reads the chosen book's facts, and runs the conversion
// pipeline (#codecs/ebook/convert-ebook.ts), which imports each reader and writer only when a
// conversion needs it. Progress is real: the reading, then the chapters written. Cancel = the
// bridge terminates this worker.
import { browserPdfFallbackFonts, browserPdfFonts } from "#codecs/document/pdf-fonts-browser.ts";
import { convertEbook, mimeOf, warmUp, type EbookEngines } from "#codecs/ebook/convert-ebook.ts";
import { EbookError } from "#codecs/ebook/ebook-error.ts";
import { TARGET_LABELS } from "#codecs/ebook/ebook-options.ts";
import { probeEbook } from "#codecs/ebook/probe-ebook.ts";
import { formatFileSize } from "../shared/file-names.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import type { EbookConvertRequest, EbookConvertResult, EbookFacts, EbookProbeRequest, EbookWarmRequest } from "./ebook-job.ts";

/** Larger than any ebook (the biggest illustrated books are tens of MB); refused before it is read into memory. */
const MAX_EBOOK_BYTES = 300 * 1024 * 1024;

const engines: EbookEngines = { fonts: browserPdfFonts, fallbackFonts: browserPdfFallbackFonts };

async function readFile(file: File, what = "This file"): Promise<Uint8Array> {
  if (file.size > MAX_EBOOK_BYTES) throw new EbookError(`${what} is ${formatFileSize(file.size)}: the limit here is ${formatFileSize(MAX_EBOOK_BYTES)}.`, "too-large");
  if (file.size === 0) throw new EbookError(`${what} is empty.`, "damaged");
  return new Uint8Array(await file.arrayBuffer());
}

async function probe({ file }: EbookProbeRequest): Promise<EbookFacts> {
  return probeEbook({ bytes: await readFile(file), name: file.name });
}

/** While the visitor picks options: loads what converting the book to the target offered needs (errors surface on Convert). */
async function warm({ kind, target }: EbookWarmRequest): Promise<void> {
  await warmUp(kind, target, engines).catch(() => {});
}

async function convert({ file, choice, cover }: EbookConvertRequest, { progress }: WorkerContext): Promise<EbookConvertResult> {
  const bytes = await readFile(file);
  const replacement = cover ? { bytes: await readFile(cover, "The new cover picture"), name: cover.name } : undefined;
  const output = await convertEbook({ bytes, name: file.name }, choice, engines, { onProgress: progress, ...(replacement ? { cover: replacement } : {}) });
  if (output.bytes.length === 0) throw new EbookError("The conversion produced an empty file.", "damaged");
  const blob = new Blob([output.bytes as Uint8Array<ArrayBuffer>], { type: mimeOf(choice.target) });
  return {
    output: blob,
    fileName: output.name,
    notes: output.notes,
    summary: `${TARGET_LABELS[choice.target]} file, ${output.chapterCount} chapter${output.chapterCount === 1 ? "" : "s"}, ${formatFileSize(blob.size)}`,
  };
}

export const api = defineWorker({ probe, warm, convert });
