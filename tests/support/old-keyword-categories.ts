// How the blog placed a post in a category before decision 048 (the category's slug as a word of
// its keywords), and keyword spellings that test it: the migration and the category lists must
// place posts exactly as this did.

/** The old in-memory filter: a keyword (split on "," and ";") has the category as one of its words. */
export function inCategoryOld(keywords: string, category: string): boolean {
  const word = category.toLowerCase();
  return keywords
    .toLowerCase()
    .split(/[,;]/)
    .some((k) => k.trim().split(/\s+/).includes(word));
}

/** Keyword fields that are, and are not, in the "tools", "tutorials" or "news" category. */
export const KEYWORD_CASES = [
  "Tools",
  "power tools, guides",
  "TOOLS;news",
  "toolset",
  "my-tools",
  "tools-news",
  " tools ",
  "a,tools",
  "x;\ttools\n",
  "news\u00a0tools",
  "",
  "tool",
  "TuToRiAlS",
  "tutorials.",
] as const;
