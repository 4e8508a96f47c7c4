// Kindle picture fitting (issue 16): before a book is written as MOBI or AZW3, pictures larger than
// the chosen screen are scaled down, and any picture still over 127 KB (the old Kindle per-picture
// limit, which calibre also keeps MOBI pictures under) is re-encoded as JPEG at lower qualities, or
// made smaller when it has transparency. The fit is rotated: a landscape picture is fitted with its
// long side to the screen's long side, since Kindles turn or zoom wide pictures. SVG and WebP
// pictures are left out with a note (no decoder here, and Kindles cannot show them); GIF stays as
// it is. A picture whose header declares a size beyond any real one is left out without decoding.
import { pictureInfo } from "../document/image-info.ts";
import { resizeRgba } from "../image/resize.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { decodeJpegPixels } from "../jpeg/decode.ts";
import { encodeJpeg } from "../jpeg/encode.ts";
import { decodePng, encodePng, MAX_PNG_SIDE, readPngHeader } from "../png/index.ts";
import type { Book, BookChapter, BookResource } from "./book.ts";
import { KINDLE_IMAGE_SIZES, type KindleImageSize } from "./ebook-options.ts";
import { normalizeBookHref } from "./epub-names.ts";

/** The old Kindle per-picture limit. */
export const KINDLE_MAX_PICTURE_BYTES = 127 * 1024;
/** Pictures with more pixels are left out undecoded (a real photo has far fewer; 200 MB of RGBA). */
export const MAX_DECODE_PIXELS = 50_000_000;
/** JPEG qualities tried, in turn, to bring a picture under the byte limit. */
const QUALITIES = [85, 75, 65, 50, 40];
/** Each further try shrinks the picture by this much (bounded by MAX_SHRINKS). */
const SHRINK = 0.8;
const MAX_SHRINKS = 12;

interface Fitted {
  data: Uint8Array;
  mediaType: "image/jpeg" | "image/png";
}

const isOpaque = (image: RgbaImage): boolean => {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return false;
  return true;
};

/** An integer box average first, so resizeRgba's float copy is never made of a huge picture. */
function shrink(image: RgbaImage, width: number, height: number): RgbaImage {
  const factor = Math.floor(Math.min(image.width / width, image.height / height) / 2);
  let source = image;
  if (factor >= 2) {
    const w = Math.floor(image.width / factor);
    const h = Math.floor(image.height / factor);
    const out = new Uint8ClampedArray(w * h * 4);
    const src = image.data;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let r = 0, g = 0, b = 0, a = 0;
        for (let dy = 0; dy < factor; dy++) {
          let at = ((y * factor + dy) * image.width + x * factor) * 4;
          for (let dx = 0; dx < factor; dx++, at += 4) {
            const alpha = src[at + 3]!;
            r += src[at]! * alpha;
            g += src[at + 1]! * alpha;
            b += src[at + 2]! * alpha;
            a += alpha;
          }
        }
        const o = (y * w + x) * 4;
        if (a > 0) {
          out[o] = r / a;
          out[o + 1] = g / a;
          out[o + 2] = b / a;
        }
        out[o + 3] = a / (factor * factor);
      }
    }
    source = { width: w, height: h, data: out };
  }
  return source.width === width && source.height === height ? source : resizeRgba(source, width, height);
}

/** The scale that fits `width` × `height` in the box, turned as the picture is (at most 1). */
function fitScale(width: number, height: number, box: { width: number; height: number }): number {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  return Math.min(1, box.height / long, box.width / short);
}

/** The picture fitted and under the byte limit; undefined when it can stay as it is. */
function fit(image: RgbaImage, kind: "jpeg" | "png", scale: number, originalBytes: number): Fitted | undefined {
  const opaque = isOpaque(image);
  const sized = (s: number): RgbaImage => (s >= 1 ? image : shrink(image, Math.max(1, Math.round(image.width * s)), Math.max(1, Math.round(image.height * s))));
  let current = sized(scale);
  if (scale < 1 || originalBytes > KINDLE_MAX_PICTURE_BYTES) {
    const first: Fitted = kind === "png" ? { data: encodePng(current, { level: 6 }), mediaType: "image/png" } : { data: encodeJpeg(current, { quality: 90 }), mediaType: "image/jpeg" };
    if (first.data.length <= KINDLE_MAX_PICTURE_BYTES) return first;
  } else return undefined;
  let s = scale;
  for (let round = 0; round <= MAX_SHRINKS; round++) {
    let smallest: Uint8Array;
    if (opaque) {
      smallest = encodeJpeg(current, { quality: QUALITIES[0]! });
      if (smallest.length <= KINDLE_MAX_PICTURE_BYTES) return { data: smallest, mediaType: "image/jpeg" };
      // far over: the middle qualities would not do, go straight to the lowest
      const tries = smallest.length > 2 * KINDLE_MAX_PICTURE_BYTES ? QUALITIES.slice(-1) : QUALITIES.slice(1);
      for (const quality of tries) {
        smallest = encodeJpeg(current, { quality });
        if (smallest.length <= KINDLE_MAX_PICTURE_BYTES) return { data: smallest, mediaType: "image/jpeg" };
      }
    } else {
      smallest = encodePng(current, { level: 9 });
      if (smallest.length <= KINDLE_MAX_PICTURE_BYTES) return { data: smallest, mediaType: "image/png" };
    }
    // bytes go roughly with the area: shrink by what the last try says, at least by SHRINK
    s *= Math.min(SHRINK, Math.sqrt(KINDLE_MAX_PICTURE_BYTES / smallest.length) * 0.95);
    current = sized(s);
  }
  const data = opaque ? encodeJpeg(current, { quality: QUALITIES.at(-1)! }) : encodePng(current, { level: 9 });
  return { data, mediaType: opaque ? "image/jpeg" : "image/png" };
}

/** The picture's size from its header, or a reason to leave it out undecoded. */
function declaredSize(resource: BookResource, kind: "jpeg" | "png", width: number, height: number): { width: number; height: number } | string {
  if (kind === "png") {
    try {
      readPngHeader(resource.data);
    } catch (error) {
      return error instanceof Error ? error.message : "its header is damaged";
    }
  }
  if (width === 0 || height === 0) return "its header does not say its size";
  if (width > MAX_PNG_SIDE || height > MAX_PNG_SIDE || width * height > MAX_DECODE_PIXELS) return `it declares ${width} × ${height} pixels, beyond any real picture`;
  return { width, height };
}

const withExtension = (href: string, extension: string): string => href.replace(/(\.[A-Za-z0-9]{1,5})?$/, extension);

/** Rewrites (or, for `null`, removes) the pictures a chapter's body points at. */
function rewriteBody(chapter: BookChapter, changes: ReadonlyMap<string, string | null>): BookChapter {
  const dir = chapter.href.split("/").slice(0, -1).join("/");
  const changeOf = (value: string): string | null | undefined => {
    const plain = value.replace(/&amp;/g, "&");
    // null (left out) is an answer too, so no ?? between the two readings
    for (const key of [normalizeBookHref(plain), normalizeBookHref(`${dir}/${plain}`)]) if (changes.has(key)) return changes.get(key);
    return undefined;
  };
  const body = chapter.body.replace(/<(img|image)\b((?:[^>"']|"[^"]*"|'[^']*')*?)\/?>(\s*<\/\1>)?/gi, (whole, _name: string, attributes: string) => {
    const source = /\s(?:src|xlink:href|href)\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attributes);
    if (source === null) return whole;
    const change = changeOf(source[2] ?? source[3] ?? "");
    if (change === undefined) return whole;
    if (change === null) return "";
    return whole.replace(source[0], source[0].replace(source[2] ?? source[3] ?? "", change));
  });
  return body === chapter.body ? chapter : { ...chapter, body };
}

/** The stylesheet with url()s to renamed pictures following them (relative to the sheet), or undefined when none does. */
function rewriteCss(css: string, href: string, renamed: ReadonlyMap<string, string>): string | undefined {
  const dir = href.split("/").slice(0, -1);
  let changed = false;
  const out = css.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/gi, (whole, quote: string, url: string) => {
    const target = renamed.get(normalizeBookHref(`${dir.join("/")}/${url.trim()}`));
    if (target === undefined) return whole;
    changed = true;
    // the new name, relative to the sheet's folder
    const parts = target.split("/");
    let common = 0;
    while (common < dir.length && common < parts.length - 1 && dir[common] === parts[common]) common++;
    return `url(${quote}${"../".repeat(dir.length - common)}${parts.slice(common).join("/")}${quote})`;
  });
  return changed ? out : undefined;
}

/** `book` with its pictures fitted for a Kindle of `size` (see the module comment). */
export function fitKindleImages(book: Book, size: KindleImageSize): Book {
  const box = KINDLE_IMAGE_SIZES[size];
  const notes = [...book.notes];
  const changes = new Map<string, string | null>();
  const taken = new Set(book.resources.map((r) => normalizeBookHref(r.href).toLowerCase()));
  const unshowable = new Map<string, number>();
  const resources: BookResource[] = [];
  let resized = 0;
  let reencoded = 0;

  for (const resource of book.resources) {
    const key = normalizeBookHref(resource.href);
    const info = pictureInfo(resource.data);
    if (info.kind === "svg" || info.kind === "webp" || resource.mediaType === "image/svg+xml" || resource.mediaType === "image/webp") {
      const name = info.kind === "webp" || resource.mediaType === "image/webp" ? "WebP" : "SVG";
      unshowable.set(name, (unshowable.get(name) ?? 0) + 1);
      changes.set(key, null);
      continue;
    }
    if (info.kind !== "jpeg" && info.kind !== "png") {
      resources.push(resource);
      continue;
    }
    const declared = declaredSize(resource, info.kind, info.width, info.height);
    if (typeof declared === "string") {
      notes.push(`The picture ${resource.href} was left out: ${declared}.`);
      changes.set(key, null);
      continue;
    }
    if (box === null) {
      resources.push(resource);
      continue;
    }
    const scale = fitScale(declared.width, declared.height, box);
    if (scale >= 1 && resource.data.length <= KINDLE_MAX_PICTURE_BYTES) {
      resources.push(resource);
      continue;
    }
    let image: RgbaImage;
    try {
      image = info.kind === "png" ? decodePng(resource.data) : decodeJpegPixels(resource.data);
    } catch {
      notes.push(`The picture ${resource.href} could not be decoded, so it was kept as it is (it may be too large for older Kindles).`);
      resources.push(resource);
      continue;
    }
    // an EXIF-turned JPEG decodes upright: fit what is shown
    const fitted = fit(image, info.kind, fitScale(image.width, image.height, box), resource.data.length);
    if (fitted === undefined) {
      resources.push(resource);
      continue;
    }
    if (scale < 1) resized++;
    else reencoded++;
    let href = resource.href;
    if (fitted.mediaType !== (info.kind === "png" ? "image/png" : "image/jpeg")) {
      href = withExtension(resource.href, ".jpg");
      for (let n = 2; taken.has(normalizeBookHref(href).toLowerCase()); n++) href = withExtension(resource.href, `-${n}.jpg`);
      taken.add(normalizeBookHref(href).toLowerCase());
      changes.set(key, href);
    }
    resources.push({ href, mediaType: fitted.mediaType, data: fitted.data });
  }

  for (const [kind, count] of unshowable) notes.push(`${count === 1 ? `1 ${kind} picture was` : `${count} ${kind} pictures were`} left out: Kindle books cannot show ${kind} pictures.`);
  if (resized > 0) notes.push(`${resized === 1 ? "1 picture was" : `${resized} pictures were`} scaled down to fit the ${box?.label ?? ""} screen.`);
  if (reencoded > 0) notes.push(`${reencoded === 1 ? "1 picture was" : `${reencoded} pictures were`} stored more compactly to stay under the Kindle's 127 KB per picture.`);

  // stylesheets point at pictures too (backgrounds): follow the renames there
  const renamed = [...changes].filter((entry): entry is [string, string] => entry[1] !== null);
  if (renamed.length > 0) {
    for (let i = 0; i < resources.length; i++) {
      const sheet = resources[i]!;
      if (sheet.mediaType !== "text/css") continue;
      const rewritten = rewriteCss(new TextDecoder().decode(sheet.data), sheet.href, new Map(renamed));
      if (rewritten !== undefined) resources[i] = { ...sheet, data: new TextEncoder().encode(rewritten) };
    }
  }

  const out: Book = { ...book, resources, notes, chapters: changes.size === 0 ? book.chapters : book.chapters.map((c) => rewriteBody(c, changes)) };
  if (book.coverHref !== undefined) {
    const change = changes.get(normalizeBookHref(book.coverHref));
    if (change === null) {
      delete out.coverHref;
      notes.push("The cover picture could not be kept, so the book has no cover.");
    } else if (change !== undefined) out.coverHref = change;
  }
  return out;
}
