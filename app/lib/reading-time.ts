// Reading time: words divided by 200, rounded up; 5 minutes when there is nothing to count.
//
// Tags are stripped before counting. Block-level tags (and <br>, <hr>, <img>) become a space, so
// "<p>one</p><p>two</p>" (how Tiptap writes paragraphs, with nothing between them) counts two words;
// inline tags (<strong>, <a>, <em>...) vanish, so "<a>link</a>." stays one word. HTML comments are
// dropped, entities are not decoded. Words are runs of non-whitespace characters.

export const WORDS_PER_MINUTE = 200;
export const DEFAULT_READING_MINUTES = 5;

const BLOCK_TAG =
  /<\/?(?:address|article|aside|blockquote|br|caption|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|img|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)\b[^>]*>/gi;

export function countWords(html: string): number {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(BLOCK_TAG, " ")
    .replace(/<[^>]*>/g, "");
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

export function readingTimeMinutes(html: string): number {
  const words = countWords(html);
  return words === 0 ? DEFAULT_READING_MINUTES : Math.ceil(words / WORDS_PER_MINUTE);
}
