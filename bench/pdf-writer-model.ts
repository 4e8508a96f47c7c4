// The benchmarks' document model (bench/pdf-writer.ts in Node, bench/pdf-writer-chromium.ts in a
// browser worker): a long report as a DOCX reader would give it. Per section a level-2 heading, six
// paragraphs of mixed bold and plain text (three to four lines each) and, every third section, an
// 8 × 4 table with a header row: 90 sections make about 50 A4 pages. Its first line has an arrow,
// which the writer draws with the fallback font (so the fallback's loading is measured too).
import type { Block, DocModel, TableCell } from "#codecs/document/model.ts";

const TAIL = "and a long tail of ordinary text that wraps across several lines of the page, ".repeat(3);

const cell = (text: string): TableCell => ({ blocks: [{ kind: "paragraph", runs: [{ text }] }] });

export function benchReport(sections: number): DocModel {
  const blocks: Block[] = [{ kind: "paragraph", runs: [{ text: "Read on → the sections follow." }] }];
  for (let s = 1; s <= sections; s++) {
    blocks.push({ kind: "heading", level: 2, runs: [{ text: `Section ${s}` }] });
    for (let p = 1; p <= 6; p++) {
      blocks.push({ kind: "paragraph", runs: [{ text: `Paragraph ${p} of section ${s}. ` }, { text: "Some bold words ", bold: true }, { text: TAIL }] });
    }
    if (s % 3 === 1) {
      blocks.push({ kind: "table", rows: Array.from({ length: 8 }, (_row, r) => ({ header: r === 0, cells: Array.from({ length: 4 }, (_cell, c) => cell(`cell ${r}.${c} of ${s}`)) })) });
    }
  }
  return { title: "Benchmark report", blocks, notes: [] };
}
