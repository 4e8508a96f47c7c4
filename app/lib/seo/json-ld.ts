// schema.org structured data builders (browser-safe: no server imports).
//
// Every builder returns a plain JSON object with "@context": "https://schema.org". Optional fields
// are left out rather than set to undefined, so the objects compare and serialise cleanly.
// Relative URLs (images, breadcrumb paths) are made absolute with the origin; the origin loses any
// trailing slash. Embed the result with serializeJsonLd, never with a bare JSON.stringify.

export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];
export interface JsonLdObject {
  [key: string]: JsonLdValue;
}

const CONTEXT = "https://schema.org";

/** The origin without trailing slashes: "https://x.test/" -> "https://x.test". */
export function trimOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, "");
}

/**
 * An absolute URL for `url` on `origin`. Absolute http(s) URLs are kept, protocol-relative ones
 * take the origin's scheme, root-relative and bare relative paths are joined to the origin.
 * Blank input and any other scheme (javascript:, data:, mailto:...) give undefined.
 */
export function absoluteUrl(origin: string, url: string | null | undefined): string | undefined {
  const value = url?.trim() ?? "";
  if (value === "") return undefined;
  if (/^https?:\/\//i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  const base = trimOrigin(origin);
  if (value.startsWith("//")) return `${/^http:/i.test(base) ? "http" : "https"}:${value}`;
  return value.startsWith("/") ? `${base}${value}` : `${base}/${value}`;
}

export function websiteJsonLd(input: { origin: string; name: string; description: string }): JsonLdObject {
  const origin = trimOrigin(input.origin);
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: input.name,
    description: input.description,
    url: `${origin}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${origin}/tools?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export function organizationJsonLd(input: { origin: string; name: string; logoUrl?: string; email?: string }): JsonLdObject {
  const origin = trimOrigin(input.origin);
  const data: JsonLdObject = { "@context": CONTEXT, "@type": "Organization", name: input.name, url: `${origin}/` };
  const logo = absoluteUrl(origin, input.logoUrl);
  if (logo !== undefined) data.logo = logo;
  const email = input.email?.trim();
  if (email) data.email = email;
  return data;
}

const MULTIMEDIA_CATEGORIES = new Set(["image", "audio", "video"]);

/** schema.org applicationCategory for a tool category: Image/Audio/Video are multimedia, the rest utilities. */
export function applicationCategory(category: string): "MultimediaApplication" | "UtilitiesApplication" {
  return MULTIMEDIA_CATEGORIES.has(category.trim().toLowerCase()) ? "MultimediaApplication" : "UtilitiesApplication";
}

export function webApplicationJsonLd(input: {
  origin: string;
  slug: string;
  name: string;
  description: string;
  category: string;
}): JsonLdObject {
  const origin = trimOrigin(input.origin);
  return {
    "@context": CONTEXT,
    "@type": "WebApplication",
    name: input.name,
    description: input.description,
    url: `${origin}/tool/${input.slug}`,
    applicationCategory: applicationCategory(input.category),
    operatingSystem: "Any (runs in the browser)",
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    isAccessibleForFree: true,
  };
}

export function blogPostingJsonLd(input: {
  origin: string;
  slug: string;
  title: string;
  excerpt: string;
  imageUrl?: string;
  datePublished: string;
  dateModified: string;
  siteName: string;
  wordCount?: number;
}): JsonLdObject {
  const origin = trimOrigin(input.origin);
  const url = `${origin}/blog/${input.slug}`;
  const organization: JsonLdObject = { "@type": "Organization", name: input.siteName, url: `${origin}/` };
  const data: JsonLdObject = {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: input.title,
    description: input.excerpt,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    author: organization,
    publisher: organization,
  };
  const image = absoluteUrl(origin, input.imageUrl);
  if (image !== undefined) data.image = image;
  if (input.wordCount !== undefined && Number.isFinite(input.wordCount)) data.wordCount = input.wordCount;
  return data;
}

export function breadcrumbJsonLd(origin: string, items: { name: string; path: string }[]): JsonLdObject {
  const base = trimOrigin(origin);
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(base, item.path) ?? `${base}/`,
    })),
  };
}

const SCRIPT_UNSAFE: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

function escapeScriptChar(char: string): string {
  return SCRIPT_UNSAFE[char] ?? char;
}

/**
 * JSON for a `<script type="application/ld+json">` body: `<`, `>`, `&`, U+2028 and U+2029 are
 * written as \u escapes, so no text can close the script element or open a comment, and
 * JSON.parse gives back the same data.
 */
export function serializeJsonLd(data: object | object[]): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, escapeScriptChar);
}
