// The model's styled runs as docx runs: bold, italic, underline, line breaks, tabs and links.
import { ExternalHyperlink, type ParagraphChild, Tab, TextRun } from "docx";
import type { TextRun as ModelRun } from "./model.ts";

/**
 * Link targets Word opens safely; any other scheme (javascript:, file:...) is kept as plain text,
 * and so are "#anchor" links, as the model has no bookmarks for them to land on.
 */
const SAFE_LINK = /^(?:https?|mailto|ftp|tel):/i;

// XML 1.0 has no place for C0 controls other than tab, LF and CR, nor for lone surrogates or
// U+FFFE/U+FFFF: Word refuses a document holding one, so they are dropped (readers of PDFs pass them).
// eslint-disable-next-line no-control-regex -- these controls are exactly what is matched
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, "");
}

export interface RunStyle {
  /** forced bold (table header cells, headings nested where Word has no heading) */
  bold?: boolean;
}

/** The docx children of one paragraph made of `runs`. "\n" is a line break, "\t" a tab. */
export function docxRuns(runs: readonly ModelRun[], style: RunStyle = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const run of runs) {
    const lines = xmlSafe(run.text.replace(/\r\n?/g, "\n")).split("\n");
    const link = run.href !== undefined && SAFE_LINK.test(run.href) ? run.href : undefined;
    const pieces = lines.map(
      (line, i) =>
        new TextRun({
          children: withTabs(line),
          break: i > 0 ? 1 : undefined,
          bold: run.bold === true || style.bold === true ? true : undefined,
          italics: run.italic === true ? true : undefined,
          underline: run.underline === true ? {} : undefined,
          superScript: run.superscript === true ? true : undefined,
          // the Hyperlink character style: blue and underlined, as Word shows its own links
          style: link !== undefined ? "Hyperlink" : undefined,
        }),
    );
    if (link !== undefined) out.push(new ExternalHyperlink({ link, children: pieces }));
    else out.push(...pieces);
  }
  return out;
}

function withTabs(line: string): (string | Tab)[] {
  if (!line.includes("\t")) return [line];
  const parts: (string | Tab)[] = [];
  line.split("\t").forEach((part, i) => {
    if (i > 0) parts.push(new Tab());
    if (part !== "") parts.push(part);
  });
  return parts;
}
