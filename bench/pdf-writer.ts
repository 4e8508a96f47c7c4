/**
 * PDF writer benchmark (not a test): `node bench/pdf-writer.ts [SECTIONS...]`.
 *
 * The report of bench/pdf-writer-model.ts (90 sections make about 50 A4 pages). Each size is written with
 * writePdf (codecs/document/write-pdf.ts: pdfmake's browser build, Roboto subsets) after one
 * warm-up; the median of RUNS (default 3) by wall clock and process CPU, the page count (pdfinfo)
 * and the size are printed. The first call in a process also loads pdfmake and the fonts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodePdfFallbackFonts, nodePdfFonts } from "#codecs/document/pdf-fonts-node.ts";
import { writePdf } from "#codecs/document/write-pdf.ts";
import { median } from "./measure.ts";
import { benchReport } from "./pdf-writer-model.ts";

const SIZES = process.argv.slice(2).map(Number).filter((n) => n > 0);
const RUNS = Number(process.env.RUNS) || 3;
const fonts = await nodePdfFonts();
const dir = mkdtempSync(join(tmpdir(), "pdf-writer-bench-"));
try {
  const first = performance.now();
  await writePdf(benchReport(1), fonts, { fallbackFonts: nodePdfFallbackFonts });
  console.log(`first call (loads pdfmake, reads the fonts' maps): ${Math.round(performance.now() - first)} ms`);
  for (const sections of SIZES.length > 0 ? SIZES : [90, 360]) {
    const model = benchReport(sections);
    let bytes = await writePdf(model, fonts, { fallbackFonts: nodePdfFallbackFonts });
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      bytes = await writePdf(model, fonts, { fallbackFonts: nodePdfFallbackFonts });
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
