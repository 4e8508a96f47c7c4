// A section's rich text that opens with its own <h2> (the seeded tool texts open with "About the
// Word Counter"): the page uses that heading as the section's, instead of adding a second one above it.

/** The inner HTML of a leading <h2> and the HTML after it; null when the text does not open with one. */
export function leadingHeading(html: string): { heading: string; rest: string } | null {
  const match = /^\s*<h2(?:\s[^>]*)?>([\s\S]*?)<\/h2>/i.exec(html);
  if (!match || match[1]!.replace(/<[^>]*>/g, "").trim() === "") return null;
  return { heading: match[1]!.trim(), rest: html.slice(match[0].length).trimStart() };
}
