// The marks Word shows for footnotes and endnotes: numbered in the order the body refers to them,
// footnotes 1, 2, 3 and endnotes i, ii, iii unless settings.xml's w:footnotePr / w:endnotePr say
// another w:numFmt or w:numStart. A reference with w:customMarkFollows shows its own text instead
// (mammoth keeps that text), so it takes no number.
import type { NoteKind } from "./html-to-model.ts";
import { formatNumber, type NumberFormat } from "./list-markers.ts";

const FORMATS: Record<string, NumberFormat> = {
  decimal: "decimal", lowerLetter: "lowerLetter", upperLetter: "upperLetter", lowerRoman: "lowerRoman", upperRoman: "upperRoman", decimalZero: "decimalZero", ordinal: "ordinal",
};
const DEFAULT_FORMAT: Record<NoteKind, NumberFormat> = { footnote: "decimal", endnote: "lowerRoman" };

function numberingOf(settingsXml: string | undefined, kind: NoteKind): { format: NumberFormat; start: number } {
  const properties = settingsXml ? new RegExp(`<w:${kind}Pr>([\\s\\S]*?)</w:${kind}Pr>`).exec(settingsXml)?.[1] : undefined;
  const format = properties ? /<w:numFmt\b[^>]*\bw:val="([^"]*)"/.exec(properties)?.[1] : undefined;
  const start = Number.parseInt((properties ? /<w:numStart\b[^>]*\bw:val="(\d+)"/.exec(properties)?.[1] : undefined) ?? "1", 10);
  return { format: FORMATS[format ?? ""] ?? DEFAULT_FORMAT[kind], start: Number.isFinite(start) ? start : 1 };
}

/** The mark of note `id` of `kind`, as Word numbers the references in `documentXml`. */
export function noteMarks(documentXml: string, settingsXml: string | undefined): (kind: NoteKind, id: string) => string | undefined {
  const order: Record<NoteKind, Map<string, number>> = { footnote: new Map(), endnote: new Map() };
  for (const match of documentXml.matchAll(/<w:(footnote|endnote)Reference\b([^>]*)>/g)) {
    const kind = match[1] as NoteKind;
    const id = /\bw:id="(-?\d+)"/.exec(match[2]!)?.[1];
    if (id === undefined || /w:customMarkFollows="(1|true|on)"/.test(match[2]!) || order[kind].has(id)) continue;
    order[kind].set(id, order[kind].size);
  }
  const numbering = { footnote: numberingOf(settingsXml, "footnote"), endnote: numberingOf(settingsXml, "endnote") };
  return (kind, id) => {
    const index = order[kind].get(id);
    if (index === undefined) return undefined;
    return formatNumber(numbering[kind].start + index, numbering[kind].format);
  };
}
