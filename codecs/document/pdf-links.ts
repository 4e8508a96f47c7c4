// Links (issue 15): a PDF keeps a link as an area of the page (a Link annotation) over text drawn
// separately, and pdf.js often gives the link's words inside a longer text item. Each item under a
// link area is cut where the area begins and ends (estimating character positions from the item's
// width, then snapping to whole words) and the middle piece carries the link's target.
import type { LayoutItem } from "./pdf-lines.ts";

/** A link's area on the page, in the items' frame (points, y up). */
export interface LinkArea {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  href: string;
}

/** The nearest index at which a word starts (0, or just after a space). */
function wordStart(text: string, index: number): number {
  let best = 0;
  for (let i = 0; i <= text.length; i++) {
    const starts = i === 0 || (text[i - 1] === " " && text[i] !== " ");
    if (starts && Math.abs(i - index) < Math.abs(best - index)) best = i;
  }
  return best;
}

/** The nearest index at which a word ends (the text's end, or just before a space). */
function wordEnd(text: string, index: number): number {
  let best = text.length;
  for (let i = 0; i <= text.length; i++) {
    const ends = i === text.length || (text[i] === " " && i > 0 && text[i - 1] !== " ");
    if (ends && Math.abs(i - index) < Math.abs(best - index)) best = i;
  }
  return best;
}

function piece(item: LayoutItem, from: number, to: number, href?: string): LayoutItem {
  const perChar = item.width / Math.max(1, item.text.length);
  const out: LayoutItem = { ...item, text: item.text.slice(from, to), x: item.x + perChar * from, width: perChar * (to - from) };
  if (href) out.href = href;
  return out;
}

/** Cuts one item at the link areas over it. */
function linkItem(item: LayoutItem, links: readonly LinkArea[]): LayoutItem[] {
  const perChar = item.width / Math.max(1, item.text.length);
  const over = links
    .filter((link) => item.y >= link.y0 - 0.2 * item.size && item.y <= link.y1 && link.x0 < item.x + item.width && link.x1 > item.x)
    .toSorted((a, b) => a.x0 - b.x0);
  if (over.length === 0) return [item];
  const out: LayoutItem[] = [];
  let done = 0;
  for (const link of over) {
    const from = Math.max(done, wordStart(item.text, Math.round((Math.max(link.x0, item.x) - item.x) / perChar)));
    const end = Math.round((Math.min(link.x1, item.x + item.width) - item.x) / perChar);
    let to = wordEnd(item.text, end);
    // punctuation after the area's end belongs to the sentence, not to the link
    while (to > end && /[.,;:!?)\]]/.test(item.text[to - 1]!)) to--;
    if (to <= from) continue;
    if (from > done) out.push(piece(item, done, from));
    out.push(piece(item, from, to, link.href));
    done = to;
  }
  if (done < item.text.length) out.push(piece(item, done, item.text.length));
  return out.filter((part) => part.text !== "");
}

/** The items with the words under each link area cut out and given its target. */
export function applyLinks(items: readonly LayoutItem[], links: readonly LinkArea[]): LayoutItem[] {
  if (links.length === 0) return [...items];
  return items.flatMap((item) => linkItem(item, links));
}
