// Slug normalisation: lowercase, trimmed, spaces become hyphens, characters other than
// letters, digits, underscore and hyphen removed, repeated hyphens collapsed, leading and trailing
// hyphens trimmed.
//
// Decisions beyond the spec:
// - "letters" means the ASCII letters a-z, so slugs stay plain in URLs. Accented Latin letters lose
//   their diacritics ("Café Crème" -> "cafe-creme"); a few letters that Unicode does not decompose
//   are spelt out (ß -> ss, æ -> ae, œ -> oe, ø -> o, đ -> d, ł -> l, þ -> th, ð -> d, ı -> i).
// - Other scripts (Cyrillic, CJK, emoji...) are removed, like any other character outside the set.
// - Any whitespace (tabs, newlines, non-breaking spaces) counts as a space.

const SPELLED_OUT: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ł: "l",
  þ: "th",
  ð: "d",
  ı: "i",
};

function spellOut(letter: string): string {
  return SPELLED_OUT[letter] ?? letter;
}

export function normalizeSlug(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßæœøđłþðı]/g, spellOut)
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9_-]+/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}
