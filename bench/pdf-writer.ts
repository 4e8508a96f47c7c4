/**
 * PDF writer benchmark (not a test): `node bench/pdf-writer.ts [SECTIONS...]`.
 *
 * A document model like a long report read from DOCX: per section a level-2 heading, six
 * paragraphs of mixed bold and plain text (three to four lines each) and, every third section, an
 * 8 × 4 table with a header row. 90 sections make about 50 A4 pages. Each size is written with
 * writePdf (codecs/document/write-pdf.ts: pdfmake's browser build, Roboto subsets) after one
 * warm-up; the median of RUNS (default 3) by wall clock and process CPU, the page count (pdfinfo)
 * and the size are printed. The first call in a process also loads pdfmake and the fonts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Block, DocModel, TableCell } from "#codecs/document/model.ts";
import { nodePdfFonts } from "#codecs/document/pdf-fonts-node.ts";
import { writePdf } from "#codecs/document/write-pdf.ts";
import { median } from "./measure.ts";

const SIZES = process.argv.slice(2).map(Number).filter((n) => n > 0);
const RUNS = Number(process.env.RUNS) || 3;
const TAIL = "and a long tail of ordinary text that wraps across several lines of the page, ".repeat(3);

const cell = (text: string): TableCell => ({ blocks: [{ kind: "paragraph", runs: [{ text }] }] });

function report(sections: number): DocModel {
  const blocks: Block[] = [];
  for (let s = 1; s <= sections; s++) {
    blocks.push({ kind: "heading", level: 2, runs: [{ text: `Section ${s}` }] });
    for (let p = 1; p <= 6; p++) {
      blocks.push({ kind: "paragraph", runs: [{ text: `Paragraph ${p} of section ${s}. ` }, { text: "Some bold words ", bold: true }, { text: TAIL }] });
    }
    if (s % 3 === 1) {
      blocks.push({ kind: "table", rows: Array.from({ length: 8 }, (_, r) => ({ header: r === 0, cells: Array.from({ length: 4 }, (_cell, c) => cell(`cell ${r}.${c} of ${s}`)) })) });
    }
  }
  return { title: "Benchmark report", blocks, notes: [] };
}

const fonts = await nodePdfFonts();
const dir = mkdtempSync(join(tmpdir(), "pdf-writer-bench-"));
try {
  const first = performance.now();
  await writePdf(report(1), fonts);
  console.log(`first call (loads pdfmake, reads the fonts' maps): ${Math.round(performance.now() - first)} ms`);
  for (const sections of SIZES.length > 0 ? SIZES : [90, 360]) {
    const model = report(sections);
    let bytes = await writePdf(model, fonts);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      bytes = await writePdf(model, fonts);
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    const file = join(dir, `report-${sections}.pdf`);
    writeFileSync(file, bytes);
    const pages = /^Pages:\s+(\d+)/m.exec(execFileSync("/usr/bin/pdfinfo", [file], { encoding: "utf8" }))?.[1];
    console.log(`${sections} sections, ${pages} pages, ${(bytes.length / 1024).toFixed(0)} KiB: ${Math.round(median(wall))} ms wall, ${Math.round(median(cpu))} ms CPU`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
