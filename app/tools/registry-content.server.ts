import { content as audio } from "./audio/content";
import { content as avifSvg } from "./avif-svg/content";
import { content as data } from "./data/content";
import { content as dds } from "./dds/content";
import { content as document } from "./document/content";
import { content as ebook } from "./ebook/content";
import { content as ico } from "./ico/content";
import { content as jfif } from "./jfif/content";
import { content as pdfImages } from "./pdf-images/content";
import { content as pngDds } from "./png-dds/content";
import { content as text } from "./text/content";
import { content as time } from "./time/content";
import type { ToolContent } from "./types";
import { content as units } from "./units/content";
import { content as video } from "./video/content";

// The catalogue copy of every tool folder (content.ts beside each meta.ts), for server code only:
// the seed writes it into the tools table once and pages read it from there, so no page bundles it.
// registry.test.ts checks this names the same folders as registry.ts. The order (folders as in
// registry.ts, tools as in each content.ts) is the catalogue's, which the seed writes rows in.
const CONTENT_BY_FOLDER = { dds, jfif, ico, avifSvg, pngDds, pdfImages, audio, video, ebook, document, data, units, time, text };

const bySlug = new Map<string, ToolContent>();
for (const [folder, copies] of Object.entries(CONTENT_BY_FOLDER)) {
  for (const [slug, copy] of Object.entries(copies)) {
    if (bySlug.has(slug)) throw new Error(`Tool copy for "${slug}" is written twice (again in ${folder})`);
    bySlug.set(slug, copy);
  }
}

/** The copy of a tool by canonical slug, or undefined when its folder has none. */
export function toolContent(slug: string): ToolContent | undefined {
  return bySlug.get(slug);
}

/** Every slug that has copy, in catalogue order. */
export function slugsWithContent(): string[] {
  return [...bySlug.keys()];
}
