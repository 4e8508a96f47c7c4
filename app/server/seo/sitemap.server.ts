// The live /sitemap.xml (sitemaps.org 0.9 urlset). Priorities: home 1.0, /tools 0.9, /blog 0.8, tools
// 0.8, posts 0.7, pages 0.6, blog categories 0.5; home and the two lists change daily, posts and
// categories weekly, pages and tools monthly.
//
// - origin loses any trailing slash; every URL is origin + path.
// - Slugs are passed through encodeURI (spaces, non-ASCII and <>" become %XX, & and ' stay), then
//   the whole URL is XML-escaped (& < > " '), as the sitemaps protocol requires.
// - <lastmod> is the date part (YYYY-MM-DD) of updatedAt. Home gets the newest updatedAt of every
//   item, /tools the newest tool, /blog the newest post; lastmod is left out when there is no
//   (valid) date.
// - Items with an empty slug are skipped (they would duplicate the list pages).

export interface SitemapItem {
  slug: string;
  updatedAt: string;
}

export interface SitemapInput {
  origin: string;
  posts: SitemapItem[];
  pages: SitemapItem[];
  tools: SitemapItem[];
  /** blog category pages (slug, newest post's updatedAt); none when left out */
  categories?: SitemapItem[];
}

type ChangeFreq = "daily" | "weekly" | "monthly";

interface SitemapEntry {
  path: string;
  lastmod: string | undefined;
  changefreq: ChangeFreq;
  priority: number;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXmlChar(char: string): string {
  return XML_ESCAPES[char] ?? char;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, escapeXmlChar);
}

/** Milliseconds since the epoch, or undefined when the text is not a date. */
function timestamp(updatedAt: string): number | undefined {
  const time = Date.parse(updatedAt);
  if (!Number.isNaN(time)) return time;
  const day = /^\d{4}-\d{2}-\d{2}/.exec(updatedAt.trim())?.[0];
  if (day === undefined) return undefined;
  const dayTime = Date.parse(day);
  return Number.isNaN(dayTime) ? undefined : dayTime;
}

/** YYYY-MM-DD for lastmod: the literal date part when present, otherwise the UTC date. */
export function lastmodDate(updatedAt: string): string | undefined {
  const time = timestamp(updatedAt);
  if (time === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}/.exec(updatedAt.trim())?.[0];
  return day ?? new Date(time).toISOString().slice(0, 10);
}

function newest(items: readonly SitemapItem[]): string | undefined {
  let best: { time: number; updatedAt: string } | undefined;
  for (const item of items) {
    const time = timestamp(item.updatedAt);
    if (time !== undefined && (best === undefined || time > best.time)) best = { time, updatedAt: item.updatedAt };
  }
  return best === undefined ? undefined : lastmodDate(best.updatedAt);
}

function itemEntries(items: readonly SitemapItem[], prefix: string, changefreq: ChangeFreq, priority: number): SitemapEntry[] {
  return items.filter((item) => item.slug.trim() !== "").map((item) => ({
    path: `${prefix}${encodeURI(item.slug.trim())}`,
    lastmod: lastmodDate(item.updatedAt),
    changefreq,
    priority,
  }));
}

function urlBlock(origin: string, entry: SitemapEntry): string {
  const lines = [`    <loc>${escapeXml(origin + entry.path)}</loc>`];
  if (entry.lastmod !== undefined) lines.push(`    <lastmod>${entry.lastmod}</lastmod>`);
  lines.push(`    <changefreq>${entry.changefreq}</changefreq>`, `    <priority>${entry.priority.toFixed(1)}</priority>`);
  return `  <url>\n${lines.join("\n")}\n  </url>`;
}

export function buildSitemapXml(input: SitemapInput): string {
  const origin = input.origin.trim().replace(/\/+$/, "");
  const entries: SitemapEntry[] = [
    { path: "/", lastmod: newest([...input.tools, ...input.posts, ...input.pages]), changefreq: "daily", priority: 1 },
    { path: "/tools", lastmod: newest(input.tools), changefreq: "daily", priority: 0.9 },
    { path: "/blog", lastmod: newest(input.posts), changefreq: "daily", priority: 0.8 },
    ...itemEntries(input.posts, "/blog/", "weekly", 0.7),
    ...itemEntries(input.pages, "/page/", "monthly", 0.6),
    ...itemEntries(input.tools, "/tool/", "monthly", 0.8),
    ...itemEntries(input.categories ?? [], "/blog/category/", "weekly", 0.5),
  ];
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...entries.map((entry) => urlBlock(origin, entry)),
    `</urlset>`,
    "",
  ].join("\n");
}
