// Page-level head tags for a route's meta() export (browser-safe).
//
// Order: title, description, keywords, canonical link, Open Graph, Twitter, robots.
// - Blank description, keywords, image and handle leave their tags out (og:description and
//   twitter:description go with the description; og:image and twitter:image with the image).
// - og:image is made absolute against the canonical URL's origin; twitter:card is
//   "summary_large_image" when there is an image, otherwise "summary".
// - The Twitter handle is written "@name" whether given as "name", "@name" or a twitter.com/x.com
//   profile URL.
// - og:type defaults to "website"; noindex adds { name: "robots", content: "noindex" }.

import type { MetaDescriptor } from "react-router";

export interface PageMetaInput {
  title: string;
  description?: string;
  keywords?: string;
  canonicalUrl: string;
  siteName: string;
  ogImage?: string;
  twitterHandle?: string;
  type?: "website" | "article";
  noindex?: boolean;
}

/** "@name" for a handle given as "name", "@name" or a profile URL; undefined when blank. */
export function normalizeTwitterHandle(handle: string | undefined): string | undefined {
  let value = handle?.trim() ?? "";
  const fromUrl = /^(?:https?:\/\/)?(?:www\.|mobile\.)?(?:twitter|x)\.com\/@?([A-Za-z0-9_]+)/i.exec(value);
  if (fromUrl?.[1] !== undefined) value = fromUrl[1];
  value = value.replace(/^@+/, "").trim();
  return value === "" ? undefined : `@${value}`;
}

// URL.parse is too recent for some browsers still in use.
function parseUrl(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/** The image as an absolute http(s) URL resolved against the canonical URL; undefined when blank or unusable. */
export function absoluteImageUrl(image: string | undefined, canonicalUrl: string): string | undefined {
  const value = image?.trim() ?? "";
  if (value === "") return undefined;
  const resolved = parseUrl(value) ?? parseUrl(value, canonicalUrl);
  return resolved?.protocol === "http:" || resolved?.protocol === "https:" ? resolved.href : undefined;
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const description = input.description?.trim() ?? "";
  const keywords = input.keywords?.trim() ?? "";
  const image = absoluteImageUrl(input.ogImage, input.canonicalUrl);
  const handle = normalizeTwitterHandle(input.twitterHandle);

  const meta: MetaDescriptor[] = [{ title: input.title }];
  if (description) meta.push({ name: "description", content: description });
  if (keywords) meta.push({ name: "keywords", content: keywords });
  meta.push(
    { tagName: "link", rel: "canonical", href: input.canonicalUrl },
    { property: "og:title", content: input.title },
  );
  if (description) meta.push({ property: "og:description", content: description });
  meta.push(
    { property: "og:url", content: input.canonicalUrl },
    { property: "og:site_name", content: input.siteName },
    { property: "og:type", content: input.type ?? "website" },
  );
  if (image) meta.push({ property: "og:image", content: image });
  meta.push(
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
  );
  if (image) meta.push({ name: "twitter:image", content: image });
  if (description) meta.push({ name: "twitter:description", content: description });
  if (handle) meta.push({ name: "twitter:site", content: handle });
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
