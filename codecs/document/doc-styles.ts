import type { FcLcb } from "./doc-fib.ts";
import { u16 } from "./doc-bytes.ts";
import { charProps, resolveToggle, type CharProps } from "./doc-sprms.ts";

// The style sheet ([MS-DOC] STSH, STD): for each style index (istd) its built-in
// identifier (sti), its name, its base style and the character properties it sets, enough to tell
// headings and the Title from body text and to know which character styles are bold or italic.

/** More styles than Word allows (4080): a count past this is a damaged style sheet. */
export const MAX_STYLES = 4096;
/** How deep a chain of based-on styles is followed (Word allows 11 levels). */
const MAX_BASE_DEPTH = 16;

export const STI_TITLE = 62;
const ISTD_NIL = 0x0fff;

export interface Style {
  sti: number;
  name: string;
  /** 1 paragraph, 2 character, 3 table, 4 numbering */
  stk: number;
  istdBase: number;
  chp: CharProps;
}

export interface Styles {
  at(istd: number): Style | undefined;
  /** whether style `istd` (with the styles it is based on) makes text bold / italic */
  bold(istd: number): boolean;
  italic(istd: number): boolean;
}

function readStyle(std: Uint8Array, baseSize: number): Style | undefined {
  if (std.length < Math.max(baseSize, 10) + 2) return undefined;
  const sti = u16(std, 0, "a style") & 0x0fff;
  const kind = u16(std, 2, "a style");
  const cupx = u16(std, 4, "a style") & 0x000f;
  const cch = u16(std, baseSize, "a style's name");
  if (baseSize + 2 + cch * 2 > std.length) return undefined;
  let name = "";
  for (let i = 0; i < cch; i++) name += String.fromCharCode(u16(std, baseSize + 2 + i * 2, "a style's name"));
  const style: Style = { sti, name, stk: kind & 0x000f, istdBase: kind >> 4, chp: {} };
  // the UPXs follow the name and its terminating zero, each padded to an even offset; a paragraph
  // style's first UPX is its paragraph properties, its second (or a character style's first) the characters'
  let at = baseSize + 2 + cch * 2 + 2;
  for (let i = 0; i < cupx && at + 2 <= std.length; i++) {
    const cbUpx = u16(std, at, "a style's properties");
    const body = std.subarray(at + 2, Math.min(std.length, at + 2 + cbUpx));
    const isChpx = (style.stk === 1 && i === 1) || (style.stk === 2 && i === 0);
    if (isChpx) style.chp = charProps(body);
    at += 2 + cbUpx + (cbUpx % 2);
  }
  return style;
}

/** The style sheet, or an empty one when the file has none or it is unreadable (styles only add detail). */
export function readStyles(table: Uint8Array, stshf: FcLcb): Styles {
  const styles: (Style | undefined)[] = [];
  const end = Math.min(table.length, stshf.fc + stshf.lcb);
  if (stshf.lcb >= 6 && end === stshf.fc + stshf.lcb) {
    const cbStshi = u16(table, stshf.fc, "the style sheet");
    const cstd = Math.min(u16(table, stshf.fc + 2, "the style sheet"), MAX_STYLES);
    const baseSize = u16(table, stshf.fc + 4, "the style sheet");
    let at = stshf.fc + 2 + cbStshi;
    for (let istd = 0; istd < cstd && at + 2 <= end; istd++) {
      const cbStd = u16(table, at, "the style sheet");
      const std = table.subarray(at + 2, Math.min(end, at + 2 + cbStd));
      styles.push(cbStd === 0 ? undefined : readStyle(std, baseSize));
      at += 2 + cbStd;
    }
  }
  const inherited = (istd: number, pick: (chp: CharProps) => number | undefined): boolean => {
    // the nearest style in the based-on chain that says decides; "as the style"/"opposite" refer to its base
    const chain: Style[] = [];
    for (let i = istd, depth = 0; i !== ISTD_NIL && depth < MAX_BASE_DEPTH; depth++) {
      const style = styles[i];
      if (!style) break;
      chain.push(style);
      i = style.istdBase;
    }
    let value = false;
    for (let i = chain.length - 1; i >= 0; i--) {
      const toggleValue = pick(chain[i]!.chp);
      if (toggleValue === 0 || toggleValue === 1 || toggleValue === 0x80 || toggleValue === 0x81) value = resolveToggle(toggleValue, value);
    }
    return value;
  };
  // asked for every character: remembered per style
  const boldCache = new Map<number, boolean>();
  const italicCache = new Map<number, boolean>();
  const cached = (cache: Map<number, boolean>, istd: number, pick: (chp: CharProps) => number | undefined): boolean => {
    let value = cache.get(istd);
    if (value === undefined) {
      value = inherited(istd, pick);
      cache.set(istd, value);
    }
    return value;
  };
  return {
    at: (istd) => styles[istd],
    bold: (istd) => cached(boldCache, istd, (chp) => chp.bold),
    italic: (istd) => cached(italicCache, istd, (chp) => chp.italic),
  };
}

/** The heading level a paragraph style stands for: heading 1–9 (by built-in id or name) and Title. */
export function headingLevel(style: Style | undefined): 1 | 2 | 3 | 4 | 5 | 6 | undefined {
  if (!style) return undefined;
  let level = style.sti >= 1 && style.sti <= 9 ? style.sti : 0;
  if (style.sti === STI_TITLE || /^title$/i.test(style.name)) return 1;
  const named = /^heading\s*([1-9])$/i.exec(style.name);
  if (level === 0 && named) level = Number(named[1]);
  if (level === 0) return undefined;
  return Math.min(level, 6) as 1 | 2 | 3 | 4 | 5 | 6;
}
