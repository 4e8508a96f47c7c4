// The fallback fonts of the PDF writer, one family per script (issue 25, decision 031): Noto
// families as @expo-google-fonts ships them (TrueType, SIL Open Font License 1.1), each loaded only
// for a document whose text needs it. Which family a character wants comes from its script alone,
// so the writer knows what to load before it has any font's bytes; which family then draws it comes
// from the loaded fonts' own character maps (pdf-text.ts).

import type { PdfFontFace } from "./pdf-fonts.ts";

export type FallbackFamilyKey =
  | "noto-sans"
  | "noto-sans-math"
  | "noto-sans-symbols-2"
  | "noto-emoji"
  | "noto-sans-arabic"
  | "noto-sans-hebrew"
  | "noto-sans-devanagari"
  | "noto-sans-bengali"
  | "noto-sans-tamil"
  | "noto-sans-gujarati"
  | "noto-sans-gurmukhi"
  | "noto-sans-telugu"
  | "noto-sans-kannada"
  | "noto-sans-malayalam"
  | "noto-sans-thai"
  | "noto-sans-georgian"
  | "noto-sans-armenian"
  | "noto-sans-ethiopic"
  | "noto-sans-sinhala"
  | "noto-sans-khmer"
  | "noto-sans-lao"
  | "noto-sans-myanmar"
  | "noto-sans-oriya"
  | "noto-sans-thaana"
  | "noto-sans-syriac"
  | "noto-sans-sc"
  | "noto-sans-jp"
  | "noto-sans-kr";

export interface FallbackFamily {
  /** the family's name, for notes and the decision record */
  name: string;
  /** npm files of its faces; a missing face is drawn with the nearest one there is */
  faces: Partial<Record<PdfFontFace, string>> & { regular: string };
}

const expo = (pkg: string, stem: string, weight: string): string => `@expo-google-fonts/${pkg}/${weight}/${stem}_${weight}.ttf`;
const regularAndBold = (pkg: string, stem: string): FallbackFamily["faces"] => ({ regular: expo(pkg, stem, "400Regular"), bold: expo(pkg, stem, "700Bold") });

/**
 * Every family the writer may load. The CJK families ship their regular face only (5-10 MB each: a
 * bold face would double what a visitor downloads for one bold heading); scripts without italics
 * are drawn upright.
 */
export const FALLBACK_FAMILIES: Readonly<Record<FallbackFamilyKey, FallbackFamily>> = {
  "noto-sans": {
    name: "Noto Sans",
    faces: { ...regularAndBold("noto-sans", "NotoSans"), italic: expo("noto-sans", "NotoSans", "400Regular_Italic"), boldItalic: expo("noto-sans", "NotoSans", "700Bold_Italic") },
  },
  "noto-sans-math": { name: "Noto Sans Math", faces: { regular: expo("noto-sans-math", "NotoSansMath", "400Regular") } },
  "noto-sans-symbols-2": { name: "Noto Sans Symbols 2", faces: { regular: expo("noto-sans-symbols-2", "NotoSansSymbols2", "400Regular") } },
  "noto-emoji": { name: "Noto Emoji", faces: { regular: expo("noto-emoji", "NotoEmoji", "400Regular") } },
  "noto-sans-arabic": { name: "Noto Sans Arabic", faces: regularAndBold("noto-sans-arabic", "NotoSansArabic") },
  "noto-sans-hebrew": { name: "Noto Sans Hebrew", faces: regularAndBold("noto-sans-hebrew", "NotoSansHebrew") },
  "noto-sans-devanagari": { name: "Noto Sans Devanagari", faces: regularAndBold("noto-sans-devanagari", "NotoSansDevanagari") },
  "noto-sans-bengali": { name: "Noto Sans Bengali", faces: regularAndBold("noto-sans-bengali", "NotoSansBengali") },
  "noto-sans-tamil": { name: "Noto Sans Tamil", faces: regularAndBold("noto-sans-tamil", "NotoSansTamil") },
  "noto-sans-gujarati": { name: "Noto Sans Gujarati", faces: regularAndBold("noto-sans-gujarati", "NotoSansGujarati") },
  "noto-sans-gurmukhi": { name: "Noto Sans Gurmukhi", faces: regularAndBold("noto-sans-gurmukhi", "NotoSansGurmukhi") },
  "noto-sans-telugu": { name: "Noto Sans Telugu", faces: regularAndBold("noto-sans-telugu", "NotoSansTelugu") },
  "noto-sans-kannada": { name: "Noto Sans Kannada", faces: regularAndBold("noto-sans-kannada", "NotoSansKannada") },
  "noto-sans-malayalam": { name: "Noto Sans Malayalam", faces: regularAndBold("noto-sans-malayalam", "NotoSansMalayalam") },
  "noto-sans-thai": { name: "Noto Sans Thai", faces: regularAndBold("noto-sans-thai", "NotoSansThai") },
  "noto-sans-georgian": { name: "Noto Sans Georgian", faces: regularAndBold("noto-sans-georgian", "NotoSansGeorgian") },
  "noto-sans-armenian": { name: "Noto Sans Armenian", faces: regularAndBold("noto-sans-armenian", "NotoSansArmenian") },
  "noto-sans-ethiopic": { name: "Noto Sans Ethiopic", faces: regularAndBold("noto-sans-ethiopic", "NotoSansEthiopic") },
  "noto-sans-sinhala": { name: "Noto Sans Sinhala", faces: regularAndBold("noto-sans-sinhala", "NotoSansSinhala") },
  "noto-sans-khmer": { name: "Noto Sans Khmer", faces: regularAndBold("noto-sans-khmer", "NotoSansKhmer") },
  "noto-sans-lao": { name: "Noto Sans Lao", faces: regularAndBold("noto-sans-lao", "NotoSansLao") },
  "noto-sans-myanmar": { name: "Noto Sans Myanmar", faces: regularAndBold("noto-sans-myanmar", "NotoSansMyanmar") },
  "noto-sans-oriya": { name: "Noto Sans Oriya", faces: regularAndBold("noto-sans-oriya", "NotoSansOriya") },
  "noto-sans-thaana": { name: "Noto Sans Thaana", faces: regularAndBold("noto-sans-thaana", "NotoSansThaana") },
  "noto-sans-syriac": { name: "Noto Sans Syriac", faces: regularAndBold("noto-sans-syriac", "NotoSansSyriac") },
  "noto-sans-sc": { name: "Noto Sans SC", faces: { regular: expo("noto-sans-sc", "NotoSansSC", "400Regular") } },
  "noto-sans-jp": { name: "Noto Sans JP", faces: { regular: expo("noto-sans-jp", "NotoSansJP", "400Regular") } },
  "noto-sans-kr": { name: "Noto Sans KR", faces: { regular: expo("noto-sans-kr", "NotoSansKR", "400Regular") } },
};

export const FALLBACK_FAMILY_KEYS = Object.keys(FALLBACK_FAMILIES) as FallbackFamilyKey[];

export const FALLBACK_FONTS_LICENCE = "SIL Open Font License 1.1 (the Noto fonts, The Noto Project Authors)";

/** One file to load: a family's face, as "noto-sans-arabic/bold". */
export type FallbackFontFile = `${FallbackFamilyKey}/${PdfFontFace}`;

/** The npm file of a face (the nearest face the family has). */
export function fallbackFontPath(file: FallbackFontFile): string {
  const [family, face] = file.split("/") as [FallbackFamilyKey, PdfFontFace];
  const faces = FALLBACK_FAMILIES[family].faces;
  return faces[face] ?? faces.regular;
}

/** The face a family draws `face` with: the nearest it has (bold italic falls back to bold, then italic). */
export function nearestFace(family: FallbackFamilyKey, face: PdfFontFace): PdfFontFace {
  const faces = FALLBACK_FAMILIES[family].faces;
  if (faces[face] !== undefined) return face;
  if (face === "boldItalic") return faces.bold !== undefined ? "bold" : faces.italic !== undefined ? "italic" : "regular";
  return "regular";
}

// Scripts by their script extensions (so that the Arabic comma or the Devanagari danda go with their
// script), each with the families that draw it, best first.
const SCRIPT_FAMILIES: ReadonlyArray<readonly [pattern: RegExp, families: readonly FallbackFamilyKey[]]> = [
  [/\p{scx=Arabic}/u, ["noto-sans-arabic"]],
  [/\p{scx=Hebrew}/u, ["noto-sans-hebrew"]],
  [/\p{scx=Devanagari}/u, ["noto-sans-devanagari", "noto-sans"]],
  [/\p{scx=Bengali}/u, ["noto-sans-bengali"]],
  [/\p{scx=Tamil}/u, ["noto-sans-tamil"]],
  [/\p{scx=Gujarati}/u, ["noto-sans-gujarati"]],
  [/\p{scx=Gurmukhi}/u, ["noto-sans-gurmukhi"]],
  [/\p{scx=Telugu}/u, ["noto-sans-telugu"]],
  [/\p{scx=Kannada}/u, ["noto-sans-kannada"]],
  [/\p{scx=Malayalam}/u, ["noto-sans-malayalam"]],
  [/\p{scx=Thai}/u, ["noto-sans-thai"]],
  [/\p{scx=Georgian}/u, ["noto-sans-georgian"]],
  [/\p{scx=Armenian}/u, ["noto-sans-armenian"]],
  [/\p{scx=Ethiopic}/u, ["noto-sans-ethiopic"]],
  [/\p{scx=Sinhala}/u, ["noto-sans-sinhala"]],
  [/\p{scx=Khmer}/u, ["noto-sans-khmer"]],
  [/\p{scx=Lao}/u, ["noto-sans-lao"]],
  [/\p{scx=Myanmar}/u, ["noto-sans-myanmar"]],
  [/\p{scx=Oriya}/u, ["noto-sans-oriya"]],
  [/\p{scx=Thaana}/u, ["noto-sans-thaana"]],
  [/\p{scx=Syriac}/u, ["noto-sans-syriac"]],
  [/\p{Emoji_Presentation}/u, ["noto-emoji", "noto-sans-symbols-2"]],
  [/[\p{L}\p{M}\p{N}]/u, ["noto-sans"]],
];
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Symbols and punctuation: the families with the most of them first. */
const SYMBOL_FAMILIES: readonly FallbackFamilyKey[] = ["noto-sans-math", "noto-sans-symbols-2", "noto-sans", "noto-emoji"];

/** The CJK family a paragraph's Han characters want: by the document's language, else by kana nearby. */
export type CjkPreference = "sc" | "jp" | "kr";

/** The CJK preference of a document language (BCP 47), or undefined when it says nothing. */
export function cjkPreferenceOf(language: string | undefined): CjkPreference | undefined {
  const primary = language?.toLowerCase().split(/[-_]/)[0];
  if (primary === "ja") return "jp";
  if (primary === "ko") return "kr";
  if (primary === "zh") return "sc";
  return undefined;
}

/** The preference for one paragraph: the document's, else Japanese when the paragraph has kana. */
export function paragraphCjkPreference(documentPreference: CjkPreference | undefined, paragraph: string): CjkPreference {
  return documentPreference ?? (KANA.test(paragraph) ? "jp" : "sc");
}

const CJK_ORDER: Readonly<Record<CjkPreference, readonly FallbackFamilyKey[]>> = {
  sc: ["noto-sans-sc", "noto-sans-jp", "noto-sans-kr"],
  jp: ["noto-sans-jp", "noto-sans-sc", "noto-sans-kr"],
  kr: ["noto-sans-kr", "noto-sans-sc", "noto-sans-jp"],
};

/** The families that may draw `char`, best first (the main family aside). */
export function familiesFor(char: string, cjk: CjkPreference): readonly FallbackFamilyKey[] {
  if (HANGUL.test(char)) return ["noto-sans-kr"];
  if (CJK.test(char)) return CJK_ORDER[cjk];
  for (const [pattern, families] of SCRIPT_FAMILIES) if (pattern.test(char)) return families;
  return SYMBOL_FAMILIES;
}
