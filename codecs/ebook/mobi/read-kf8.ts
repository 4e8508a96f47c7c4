// KF8 files → chapters, stylesheets and toc. Links inside the book are Kindle URLs:
// kindle:pos:fid:XXXX:off:YYYYYYYYYY (a position, see kf8-reassemble.ts), kindle:embed:XXXX?mime=...
// (a picture, numbered from 1 from the first resource record) and kindle:flow:XXXX?mime=text/css
// (a stylesheet flow); the numbers are base 32 (0-9, A-V).
import type { BookChapter, BookResource, TocEntry } from "../book.ts";
import { parseXml } from "../epub-xml.ts";
import { cleanChapter, type LinkTarget } from "../xhtml-clean.ts";
import type { NcxEntry } from "./indx-read.ts";
import { Kf8Positions, type Kf8Parts } from "./kf8-reassemble.ts";

export interface Kf8Result {
  chapters: BookChapter[];
  stylesheets: BookResource[];
  toc: TocEntry[];
  missing: string[];
  notes: string[];
}

const POS = /^kindle:pos:fid:([0-9A-V]+):off:([0-9A-V]+)/i;
const EMBED = /^kindle:embed:([0-9A-V]+)/i;
const FLOW = /^kindle:flow:([0-9A-V]+)/i;

function bytesOf(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

const base32 = (digits: string): number => parseInt(digits, 32);
const hrefOf = (file: number): string => `text/chapter-${String(file + 1).padStart(3, "0")}.xhtml`;

export function kf8Chapters(parts: Kf8Parts, pictures: Map<number, BookResource>, fonts: Map<number, BookResource>, ncx: NcxEntry[]): Kf8Result {
  const notes: string[] = [];
  const utf8 = new TextDecoder("utf-8");

  // stylesheets: CSS flows (SVG flows are rare and left out)
  const stylesheets: BookResource[] = [];
  const flowHref = new Map<number, string>();
  let svg = 0;
  parts.flows.forEach((flow, i) => {
    const number = i + 1;
    if (/<svg[\s>]/i.test(flow)) {
      svg++;
      return;
    }
    const href = `styles/flow-${String(number).padStart(4, "0")}.css`;
    flowHref.set(number, href);
    const css = utf8.decode(bytesOf(flow)).replace(/url\(\s*(['"]?)(kindle:[^'")]*)\1\s*\)/gi, (whole, _q: string, url: string) => {
      const embed = EMBED.exec(url);
      const picture = embed ? (pictures.get(base32(embed[1]!)) ?? fonts.get(base32(embed[1]!))) : undefined;
      if (picture) return `url("../${picture.href}")`;
      const flowRef = FLOW.exec(url);
      if (flowRef && flowHref.has(base32(flowRef[1]!))) return `url("../${flowHref.get(base32(flowRef[1]!))}")`;
      return whole.includes("kindle:embed") ? 'url("")' : whole;
    });
    stylesheets.push({ href, mediaType: "text/css", data: new TextEncoder().encode(css) });
  });
  if (svg > 0) notes.push(`${svg} SVG drawing${svg === 1 ? " was" : "s were"} left out.`);

  // positions → file and anchor; anchors that are only Amazon's aid get a real id
  const aidIds = new Map<number, Set<string>>();
  const positions = new Kf8Positions(parts);
  const position = (fid: number, off: number): string | undefined => {
    const found = positions.resolve(fid, off);
    if (found === undefined) return undefined;
    const href = hrefOf(found.file);
    if (found.id !== undefined) return `${href}#${utf8.decode(bytesOf(found.id))}`;
    if (found.aid !== undefined) {
      const set = aidIds.get(found.file) ?? new Set<string>();
      set.add(found.aid);
      aidIds.set(found.file, set);
      return `${href}#aid-${found.aid}`;
    }
    return href;
  };
  const linkTargets = new Map<string, string | undefined>();
  for (const file of parts.files) {
    for (const m of file.text.matchAll(/kindle:pos:fid:([0-9A-V]+):off:([0-9A-V]+)/gi)) {
      if (!linkTargets.has(m[0])) linkTargets.set(m[0], position(base32(m[1]!), base32(m[2]!)));
    }
  }
  const tocTargets = ncx.map((entry) => (entry.posFid ? position(entry.posFid[0], entry.posFid[1]) : undefined));

  const missing: string[] = [];
  const chapters: BookChapter[] = [];
  parts.files.forEach((file, index) => {
    let text = file.text;
    const aids = aidIds.get(index);
    if (aids) {
      text = text.replace(/<([a-zA-Z][^\s>/]*)(\s[^>]*?)\said\s*=\s*["']([^"']+)["']/g, (whole, name: string, before: string, aid: string) =>
        aids.has(aid) && !/\sid\s*=/i.test(before) ? `<${name}${before} id="aid-${aid}"` : whole,
      );
    }
    const href = hrefOf(index);
    const resolve = (url: string): LinkTarget => {
      const trimmed = url.trim();
      const pos = POS.exec(trimmed);
      if (pos) {
        const target = linkTargets.get(pos[0]) ?? position(base32(pos[1]!), base32(pos[2]!));
        return target === undefined ? { kind: "missing" } : { kind: "chapter", href: target };
      }
      const embed = EMBED.exec(trimmed);
      if (embed) {
        const picture = pictures.get(base32(embed[1]!));
        return picture ? { kind: "resource", href: picture.href } : { kind: "missing" };
      }
      const flow = FLOW.exec(trimmed);
      if (flow) {
        const css = flowHref.get(base32(flow[1]!));
        return css ? { kind: "resource", href: css } : { kind: "missing" };
      }
      if (trimmed.startsWith("#")) return { kind: "chapter", href: `${href}${trimmed}` };
      if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return { kind: "external", url: trimmed };
      return { kind: "missing" };
    };
    const document = parseXml(utf8.decode(bytesOf(text)), "html", `file ${index + 1}`);
    const cleaned = cleanChapter(document, { resolve });
    for (const url of cleaned.dropped.missing) missing.push(url);
    const chapter: BookChapter = { href, body: cleaned.body, role: cleaned.isNotes ? "notes" : "body" };
    if (cleaned.title) chapter.title = cleaned.title;
    if (cleaned.stylesheets.length > 0) chapter.stylesheets = cleaned.stylesheets;
    chapters.push(chapter);
  });

  // toc: the NCX, nested by parent
  const toc: TocEntry[] = [];
  const made: (TocEntry | undefined)[] = [];
  ncx.forEach((entry, index) => {
    const target = tocTargets[index];
    if (target === undefined || entry.title === "") return;
    const item: TocEntry = { title: entry.title, target, children: [] };
    made[index] = item;
    const parent = entry.parent >= 0 && entry.parent < index ? made[entry.parent] : undefined;
    (parent ? parent.children : toc).push(item);
  });
  return { chapters, stylesheets, toc, missing, notes };
}
