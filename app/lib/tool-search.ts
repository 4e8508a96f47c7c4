// The one tool search (the Ctrl/Cmd+K palette and /tools): which tools match a query, best first.
// Pure; the texts are the tools' own (name, slug, category, description, the admin's meta keywords)
// plus the words people type for a category, so "tz", "timezone", "kindle" and "ebook" find tools
// whose texts say "GMT" or "AZW3".

export interface SearchableTool {
  slug: string;
  name: string;
  description: string;
  category: string;
  /** the tool's meta keywords (comma-separated), when the caller has them */
  keywords?: string;
  /** popularity: ties are broken by it */
  searchVolume?: number;
}

/** Words people search for each category with, beside the category's own name. */
const CATEGORY_WORDS: Readonly<Record<string, string>> = {
  Image: "image picture photo",
  Audio: "audio sound music song",
  Video: "video movie film clip",
  Ebook: "ebook e-book book kindle",
  Document: "document pdf word office",
  Unit: "unit units measurement length weight power",
  Time: "time zone timezone tz clock utc",
  Text: "text words letters",
};

/** Words typed for a term the tools' texts spell otherwise. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  timezones: ["time zone"],
  kindle: ["azw3", "mobi"],
  ebook: ["epub", "mobi", "azw3", "fb2"],
  ebooks: ["epub", "mobi", "azw3", "fb2"],
  jpeg: ["jpg"],
  jpg: ["jpeg"],
  tif: ["tiff"],
  midi: ["mid"],
  inch: ["inches"],
  kg: ["kilograms"],
  lbs: ["pounds"],
};

/** Lower case, accents and punctuation gone, single spaces: "Café-Crème!" → "cafe creme". */
export function normaliseQuery(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** How much a match in each field counts: the name most, the description least. */
const WEIGHTS = { name: 8, slug: 6, keywords: 4, category: 3, description: 1 } as const;
type Field = keyof typeof WEIGHTS;

interface Indexed<T> {
  tool: T;
  /** each field as " word word ", so a term is found at the start of a word by " term" */
  fields: Record<Field, string>;
  /** each field's neighbouring words run together ("time zone" → "timezone"), with the field's weight */
  runs: { text: string; weight: number }[];
}

function indexed<T extends SearchableTool>(tool: T): Indexed<T> {
  const fields: Record<Field, string> = {
    name: ` ${normaliseQuery(tool.name)} `,
    slug: ` ${normaliseQuery(tool.slug)} `,
    keywords: ` ${normaliseQuery(tool.keywords ?? "")} `,
    category: ` ${normaliseQuery(`${tool.category} ${CATEGORY_WORDS[tool.category] ?? ""}`)} `,
    description: ` ${normaliseQuery(tool.description)} `,
  };
  const runs: { text: string; weight: number }[] = [];
  for (const field of Object.keys(WEIGHTS) as Field[]) {
    const words = fields[field].trim().split(" ");
    for (let i = 0; i + 1 < words.length; i++) runs.push({ text: `${words[i]}${words[i + 1]}${words[i + 2] ?? ""}`, weight: WEIGHTS[field] });
  }
  return { tool, fields, runs };
}

/** The score of one term in one field: the whole word counts more than its start; the middle of a word does not count. */
function termScore(field: string, term: string, weight: number): number {
  if (field.includes(` ${term} `)) return weight * 1.5;
  return field.includes(` ${term}`) ? weight : 0;
}

/** A term with no spaces found as neighbouring words run together ("timezone", "wordcounter"): a weak match. */
function runScore(entry: Indexed<SearchableTool>, term: string): number {
  if (term.length < 3 || term.includes(" ")) return 0;
  let best = 0;
  for (const run of entry.runs) if (run.text.startsWith(term)) best = Math.max(best, run.weight / 2);
  return best;
}

/** The best score of a query term in a tool: itself or a synonym, in any field; 0 when it is nowhere. */
function wordScore(entry: Indexed<SearchableTool>, word: string): number {
  let best = 0;
  for (const term of [word, ...(SYNONYMS[word] ?? [])]) {
    // a synonym is what the visitor meant, a little less surely than what they typed
    const factor = term === word ? 1 : 0.9;
    for (const field of Object.keys(WEIGHTS) as Field[]) best = Math.max(best, termScore(entry.fields[field], term, WEIGHTS[field]) * factor);
  }
  return best || runScore(entry, word);
}

/**
 * The tools that match every word of the query (or a synonym, or the words run together), best
 * first: matches in the name before the slug, keywords, category and description; then the more
 * searched tool; then by name. An empty query gives the tools as they were.
 */
export function searchTools<T extends SearchableTool>(tools: readonly T[], query: string): T[] {
  const words = normaliseQuery(query).split(" ").filter(Boolean);
  if (words.length === 0) return [...tools];
  const whole = words.join(" ");
  const scored: { tool: T; score: number }[] = [];
  for (const tool of tools) {
    const entry = indexed(tool);
    let score = 0;
    let all = true;
    for (const word of words) {
      const s = wordScore(entry, word);
      if (s === 0) {
        all = false;
        break;
      }
      score += s;
    }
    // words the texts run together ("time zone" typed for a text that says "timezone")
    if (!all && words.length > 1) {
      score = wordScore(entry, words.join(""));
      all = score > 0;
    }
    if (!all) continue;
    // the name starts with what was typed: "mp3" → "MP3 Converter" before "MP4 to MP3 Converter"
    if (entry.fields.name.startsWith(` ${whole}`)) score += WEIGHTS.name;
    scored.push({ tool, score });
  }
  return scored
    .toSorted((a, b) => b.score - a.score || (b.tool.searchVolume ?? 0) - (a.tool.searchVolume ?? 0) || a.tool.name.localeCompare(b.tool.name))
    .map((s) => s.tool);
}

/** The most searched tools first (the palette before anything is typed). */
export function byPopularity<T extends SearchableTool>(tools: readonly T[]): T[] {
  return tools.toSorted((a, b) => (b.searchVolume ?? 0) - (a.searchVolume ?? 0) || a.name.localeCompare(b.name));
}
