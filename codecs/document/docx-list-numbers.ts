// The numbers Word shows before numbered paragraphs ("3.", "b)", "iv.", "1.2.1", "Part II:"), from
// word/numbering.xml and the paragraphs' w:numPr (direct or through their style), counted as Word
// counts ([ECMA-376] 17.9): one set of counters per abstract numbering, a level restarting after a
// higher one, w:start values, w:startOverride on a w:num restarting it, w:lvlText templates with %1–%9,
// w:isLgl. mammoth makes lists of these paragraphs but numbers them 1, 2, 3 itself.
import { formatNumber, type NumberFormat } from "./list-markers.ts";

export interface Level {
  start: number;
  format: NumberFormat | "bullet" | "none";
  text: string;
  /** the level after which this one restarts (w:lvlRestart, 1-based; 0 never) */
  restart?: number;
  legal: boolean;
}

/** Numbering definitions: DOCX's numbering.xml, or DOC's LST and LFO tables read into the same shape. */
export interface Numbering {
  /** abstractNumId → its levels */
  abstracts: Map<string, Map<number, Level>>;
  /** numId → abstractNumId, level overrides and start overrides */
  nums: Map<string, { abstract: string; overrides: Map<number, Level>; starts: Map<number, number> }>;
  /** abstractNumId → the list style it takes its levels from (w:numStyleLink) */
  styleLinks: Map<string, string>;
}

/** A paragraph's numbering: its numId and level. */
export interface NumberingProperties {
  numId: string;
  ilvl: number;
}

const MAX_LEVEL = 8;
const FORMATS: Record<string, NumberFormat | "bullet" | "none"> = {
  decimal: "decimal", lowerLetter: "lowerLetter", upperLetter: "upperLetter", lowerRoman: "lowerRoman", upperRoman: "upperRoman",
  decimalZero: "decimalZero", ordinal: "ordinal", bullet: "bullet", none: "none", cardinalText: "decimal", ordinalText: "ordinal",
  decimalEnclosedParen: "decimal", decimalEnclosedFullstop: "decimal", decimalEnclosedCircle: "decimal", decimalFullWidth: "decimal", decimalHalfWidth: "decimal",
};

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\bw:${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
const valOf = (xml: string, element: string): string | undefined => {
  const tag = new RegExp(`<w:${element}\\b[^>]*>`).exec(xml)?.[0];
  return tag ? attr(tag, "val") : undefined;
};
const int = (value: string | undefined): number | undefined => {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) ? n : undefined;
};

function readLevel(xml: string): Level {
  const format = FORMATS[valOf(xml, "numFmt") ?? "decimal"] ?? "decimal";
  const level: Level = { start: int(valOf(xml, "start")) ?? (format === "decimal" ? 1 : 1), format, text: valOf(xml, "lvlText") ?? "", legal: /<w:isLgl\b(?![^>]*w:val="(?:0|false|off)")/.test(xml) };
  const restart = int(valOf(xml, "lvlRestart"));
  if (restart !== undefined) level.restart = restart;
  return level;
}

function readLevels(xml: string): Map<number, Level> {
  const levels = new Map<number, Level>();
  for (const match of xml.matchAll(/<w:lvl\b([^>]*)>([\s\S]*?)<\/w:lvl>/g)) {
    const ilvl = int(attr(match[1]!, "ilvl"));
    if (ilvl !== undefined && ilvl >= 0 && ilvl <= MAX_LEVEL) levels.set(ilvl, readLevel(match[2]!));
  }
  return levels;
}

export function readNumbering(xml: string): Numbering {
  const numbering: Numbering = { abstracts: new Map(), nums: new Map(), styleLinks: new Map() };
  for (const match of xml.matchAll(/<w:abstractNum\b([^>]*)>([\s\S]*?)<\/w:abstractNum>/g)) {
    const id = attr(match[1]!, "abstractNumId");
    if (id === undefined) continue;
    numbering.abstracts.set(id, readLevels(match[2]!));
    const link = valOf(match[2]!, "numStyleLink");
    if (link !== undefined) numbering.styleLinks.set(id, link);
  }
  for (const match of xml.matchAll(/<w:num\b([^>]*)>([\s\S]*?)<\/w:num>/g)) {
    const id = attr(match[1]!, "numId");
    const abstract = valOf(match[2]!, "abstractNumId");
    if (id === undefined || abstract === undefined) continue;
    const overrides = new Map<number, Level>();
    const starts = new Map<number, number>();
    for (const override of match[2]!.matchAll(/<w:lvlOverride\b([^>]*)>([\s\S]*?)<\/w:lvlOverride>/g)) {
      const ilvl = int(attr(override[1]!, "ilvl"));
      if (ilvl === undefined || ilvl < 0 || ilvl > MAX_LEVEL) continue;
      const start = int(valOf(override[2]!, "startOverride"));
      if (start !== undefined) starts.set(ilvl, start);
      const level = /<w:lvl\b[^>]*>([\s\S]*?)<\/w:lvl>/.exec(override[2]!);
      if (level) overrides.set(ilvl, readLevel(level[1]!));
    }
    numbering.nums.set(id, { abstract, overrides, starts });
  }
  return numbering;
}

/** Paragraph styles' numbering (w:pPr/w:numPr), their w:basedOn already followed. */
export function styleNumbering(stylesXml: string | undefined): Map<string, Partial<NumberingProperties>> {
  const own = new Map<string, { numId?: string; ilvl?: number; basedOn?: string }>();
  for (const match of (stylesXml ?? "").matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const id = attr(match[1]!, "styleId");
    if (id === undefined || (attr(match[1]!, "type") ?? "paragraph") !== "paragraph") continue;
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(match[2]!)?.[1];
    const entry: { numId?: string; ilvl?: number; basedOn?: string } = {};
    const numId = numPr ? valOf(numPr, "numId") : undefined;
    const ilvl = numPr ? int(valOf(numPr, "ilvl")) : undefined;
    if (numId !== undefined) entry.numId = numId;
    if (ilvl !== undefined) entry.ilvl = ilvl;
    const basedOn = valOf(match[2]!, "basedOn");
    if (basedOn !== undefined) entry.basedOn = basedOn;
    own.set(id, entry);
  }
  const resolved = new Map<string, Partial<NumberingProperties>>();
  for (const id of own.keys()) {
    const out: Partial<NumberingProperties> = {};
    const seen = new Set<string>();
    for (let style = own.get(id), name = id; style && !seen.has(name); name = style.basedOn ?? "", style = own.get(name)) {
      seen.add(name);
      if (out.numId === undefined && style.numId !== undefined) out.numId = style.numId;
      if (out.ilvl === undefined && style.ilvl !== undefined) out.ilvl = style.ilvl;
    }
    resolved.set(id, out);
  }
  return resolved;
}

/**
 * Counts numbered paragraphs as Word does. `next` takes each paragraph's numbering in document order
 * and gives its label ("" for a level of format "none"), or undefined for bullets and unnumbered ones.
 */
export function listCounter(numbering: Numbering, styles: Map<string, Partial<NumberingProperties>>): (props: NumberingProperties) => string | undefined {
  const counters = new Map<string, (number | undefined)[]>();
  const startedNums = new Set<string>();
  /** the abstract numbering a num uses, through a list style's link */
  const abstractOf = (numId: string, depth = 0): string | undefined => {
    const num = numbering.nums.get(numId);
    if (!num) return undefined;
    const link = numbering.styleLinks.get(num.abstract);
    if (link !== undefined && depth < 4) {
      const linked = styles.get(link)?.numId;
      if (linked !== undefined && linked !== numId) return abstractOf(linked, depth + 1) ?? num.abstract;
    }
    return num.abstract;
  };
  return ({ numId, ilvl }) => {
    const num = numbering.nums.get(numId);
    const abstractId = abstractOf(numId);
    if (!num || abstractId === undefined) return undefined;
    const level = Math.max(0, Math.min(MAX_LEVEL, ilvl));
    const levelOf = (at: number): Level | undefined => num.overrides.get(at) ?? numbering.abstracts.get(abstractId)?.get(at);
    const own = levelOf(level);
    if (!own) return undefined;
    let values = counters.get(abstractId);
    if (!values) {
      values = [];
      counters.set(abstractId, values);
    }
    // a num with a start override starts over the first time it is used
    const startKey = `${numId}/${level}`;
    const override = num.starts.get(level);
    if (override !== undefined && !startedNums.has(startKey)) {
      startedNums.add(startKey);
      values[level] = override;
    } else values[level] = values[level] === undefined ? own.start : values[level]! + 1;
    // deeper levels restart after this one (unless their w:lvlRestart says otherwise)
    for (let deeper = level + 1; deeper <= MAX_LEVEL; deeper++) {
      const restart = levelOf(deeper)?.restart;
      if (restart === undefined || (restart > 0 && restart <= level + 1)) values[deeper] = undefined;
    }
    if (own.format === "bullet") return undefined;
    return own.text.replace(/%([1-9])/g, (_, digit: string) => {
      const at = Number(digit) - 1;
      const shown = levelOf(at);
      const value = values[at] ?? shown?.start ?? 1;
      const format = own.legal || !shown || shown.format === "bullet" ? "decimal" : shown.format;
      return format === "none" ? "" : formatNumber(value, format);
    });
  };
}
