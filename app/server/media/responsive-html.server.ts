// Library images in rendered post and page HTML get their size, srcset/sizes and an AVIF <source>
// (decision 047). Done when the page is rendered, from the media table, so posts written before an
// image had variants (or before its alt text was set) benefit too. Runs on sanitised HTML only:
// sanitize-html writes every attribute as name="value" with &, <, > and " escaped.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { sanitizeHtml } from "../html/sanitize.server.ts";
import { mediaByKeys, type MediaItem } from "../queries/media.server.ts";
import { MAX_AVIF_WIDTH } from "./variants.server.ts";

/** The widest an image shows in an article (max-w-3xl less its padding); sizes never asks for more. */
export const ARTICLE_IMAGE_WIDTH = 736;

const IMG_TAG = /<img\b([^>]*?)\s*\/?>/g;
const ATTRIBUTE = /([a-zA-Z-]+)="([^"]*)"/g;
const KEY_IN_PATH = /(?:^|\/)((?:site-assets|blog-thumbnails)\/[^?#]+)(?:[?#].*)?$/;

const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The storage key an image address points at (/uploads/site-assets/..., or a CDN's address), or null. */
export function imageKeyFromSrc(src: string): string | null {
  const match = KEY_IN_PATH.exec(src);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

function attributesOf(inside: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of inside.matchAll(ATTRIBUTE)) attributes.set(name!.toLowerCase(), unescape(value!));
  return attributes;
}

/** The storage keys of every image in the HTML. */
export function imageKeysIn(html: string): string[] {
  const keys: string[] = [];
  for (const [, inside] of html.matchAll(IMG_TAG)) {
    const key = imageKeyFromSrc(attributesOf(inside!).get("src") ?? "");
    if (key) keys.push(key);
  }
  return keys;
}

/** What the editor once put as alt text: the file name made readable ("my-photo_2.png" → "my photo 2"). */
const fileNameAlt = (fileName: string) => fileName.replace(/\.[^.]*$/, "").replace(/[-_]+/g, " ").trim().slice(0, 120);

/** The address of another key beside `src` (same host and folder form): the original's key swapped for the variant's. */
function siblingUrl(src: string, key: string, otherKey: string): string {
  const encoded = key.split("/").map(encodeURIComponent).join("/");
  const at = src.lastIndexOf(encoded);
  const otherEncoded = otherKey.split("/").map(encodeURIComponent).join("/");
  return at >= 0 ? src.slice(0, at) + otherEncoded : src.replace(/[^/]*$/, otherKey.split("/").pop() ?? "");
}

const serialise = (tag: string, attributes: Map<string, string>) =>
  `<${tag}${[...attributes].map(([name, value]) => ` ${name}="${escape(value)}"`).join("")} />`;

/** One image's markup with what the library knows of it. */
export function responsiveImage(attributes: Map<string, string>, item: MediaItem): string {
  const src = attributes.get("src")!;
  const img = new Map(attributes);
  const alt = (img.get("alt") ?? "").trim();
  if (item.alt && (alt === "" || alt === fileNameAlt(item.fileName) || alt === item.fileName)) img.set("alt", item.alt);
  if (!img.has("alt")) img.set("alt", "");
  if (item.width && item.height && !img.has("width") && !img.has("height")) {
    img.set("width", String(item.width));
    img.set("height", String(item.height));
  }
  if (!item.width) return serialise("img", img);

  const sameFormat = item.variants.filter((v) => v.mime === item.mime).toSorted((a, b) => a.width - b.width);
  const avif = new Map(item.variants.filter((v) => v.mime === "image/avif").map((v) => [v.width, v]));
  const sizesCap = Math.min(item.width, ARTICLE_IMAGE_WIDTH);
  const sizes = `(min-width: ${sizesCap + 32}px) ${sizesCap}px, calc(100vw - 2rem)`;
  if (sameFormat.length > 0) {
    img.set("srcset", [...sameFormat.map((v) => `${siblingUrl(src, item.key, v.key)} ${v.width}w`), `${src} ${item.width}w`].join(", "));
    img.set("sizes", sizes);
  }
  // an AVIF <source> only when it covers every width the <img> offers and reaches as wide as
  // AVIFs are made, or an AVIF-capable browser would be held to a narrower copy than it needs
  const avifWidths = [...avif.keys()].toSorted((a, b) => a - b);
  const widest = avifWidths[avifWidths.length - 1] ?? 0;
  const covers = sameFormat.every((v) => avif.has(v.width)) && widest >= Math.min(item.width, MAX_AVIF_WIDTH);
  if (!covers) return serialise("img", img);
  const avifSrcset = avifWidths.map((w) => `${siblingUrl(src, item.key, avif.get(w)!.key)} ${w}w`).join(", ");
  const source = new Map([
    ["type", "image/avif"],
    ["srcset", avifSrcset],
    ["sizes", sizes],
  ]);
  return `<picture>${serialise("source", source)}${serialise("img", img)}</picture>`;
}

/** Sanitised HTML with its library images made responsive; other images stay as they are. */
export function responsiveImages(html: string, media: ReadonlyMap<string, MediaItem>): string {
  if (media.size === 0) return html;
  return html.replace(IMG_TAG, (tag, inside: string) => {
    const attributes = attributesOf(inside);
    const key = imageKeyFromSrc(attributes.get("src") ?? "");
    const item = key ? media.get(key) : undefined;
    return item ? responsiveImage(attributes, item) : tag;
  });
}

/** Stored rich text as a public page shows it: sanitised, then its library images made responsive. */
export async function renderContentHtml(db: Kysely<Database>, stored: string): Promise<string> {
  const html = sanitizeHtml(stored);
  const keys = imageKeysIn(html);
  return keys.length === 0 ? html : responsiveImages(html, await mediaByKeys(db, keys));
}
