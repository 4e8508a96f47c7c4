// The blog's RSS 2.0 feeds (/rss.xml and /blog/category/<slug>/rss.xml). Pure: the route reads the
// posts and settings, this writes the document. Text is escaped, never wrapped in CDATA, and the
// characters XML 1.0 forbids are dropped, so no post can make the feed ill-formed.

export const RSS_ITEM_LIMIT = 20;

export interface FeedPost {
  slug: string;
  title: string;
  excerpt: string;
  /** sanitized HTML; only written when the feed carries full posts */
  html: string;
  categories: readonly string[];
  createdAt: string;
  updatedAt: string;
}

export interface FeedChannel {
  origin: string;
  title: string;
  description: string;
  /** the page the feed mirrors, e.g. "/blog" */
  pagePath: string;
  /** the feed's own path, e.g. "/rss.xml" */
  feedPath: string;
  fullContent: boolean;
}

// XML 1.0's Char production: tab, LF, CR and U+0020 up, without the surrogates, U+FFFE and U+FFFF
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** RFC 822 dates, as RSS 2.0 asks (e.g. "Sat, 07 Sep 2002 09:42:31 GMT"). */
export function rfc822Date(iso: string): string {
  return new Date(iso).toUTCString();
}

/** Root-relative src and href in a post's HTML made absolute: a reader has no base URL of ours. */
export function absoluteUrls(html: string, origin: string): string {
  return html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${origin}/`);
}

export function buildRssXml(channel: FeedChannel, posts: readonly FeedPost[]): string {
  const { origin } = channel;
  const newest = posts.reduce<string | null>((max, p) => (max === null || p.updatedAt > max ? p.updatedAt : max), null);
  const items = posts.slice(0, RSS_ITEM_LIMIT).map((post) => {
    const url = `${origin}/blog/${encodeURIComponent(post.slug)}`;
    return [
      "    <item>",
      `      <title>${xmlText(post.title)}</title>`,
      `      <link>${xmlText(url)}</link>`,
      `      <guid isPermaLink="true">${xmlText(url)}</guid>`,
      `      <pubDate>${rfc822Date(post.createdAt)}</pubDate>`,
      ...post.categories.map((c) => `      <category>${xmlText(c)}</category>`),
      `      <description>${xmlText(post.excerpt)}</description>`,
      ...(channel.fullContent ? [`      <content:encoded>${xmlText(absoluteUrls(post.html, origin))}</content:encoded>`] : []),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "  <channel>",
    `    <title>${xmlText(channel.title)}</title>`,
    `    <link>${xmlText(origin + channel.pagePath)}</link>`,
    `    <description>${xmlText(channel.description || channel.title)}</description>`,
    "    <language>en</language>",
    ...(newest ? [`    <lastBuildDate>${rfc822Date(newest)}</lastBuildDate>`] : []),
    `    <atom:link href="${xmlText(origin + channel.feedPath)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
