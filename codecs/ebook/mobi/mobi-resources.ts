// The pictures of a Kindle book: records from the "first image record" on. Links count them from 1
// in that order (MOBI 6's recindex="00001", KF8's kindle:embed:0001), non-picture records included
// (FLIS, FCIS, fonts, placeholders...), so the numbering keeps every record and only pictures
// recognised by their magic bytes become resources.
import type { BookResource } from "../book.ts";
import { readFontRecord } from "./mobi-fonts.ts";

export interface ResourceRange {
  /** first record (absolute) */
  start: number;
  /** one past the last record */
  end: number;
}

export interface KindleResources {
  /** 1-based resource number → the picture resource made from it */
  byNumber: Map<number, BookResource>;
  /** 1-based resource number → an embedded font */
  fonts: Map<number, BookResource>;
  resources: BookResource[];
  /** how many font records could not be unpacked */
  badFonts: number;
}

const startsWith = (bytes: Uint8Array, magic: number[]): boolean => magic.every((b, i) => bytes[i] === b);

export function pictureType(bytes: Uint8Array): { mediaType: string; extension: string } | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mediaType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mediaType: "image/png", extension: "png" };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { mediaType: "image/gif", extension: "gif" };
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 26) return { mediaType: "image/bmp", extension: "bmp" };
  return undefined;
}

/** Pictures of the records in `ranges`, numbered from 1 across the ranges in order. */
export function readResources(records: Uint8Array[], ranges: ResourceRange[]): KindleResources {
  const byNumber = new Map<number, BookResource>();
  const resources: BookResource[] = [];
  let number = 0;
  const fonts = new Map<number, BookResource>();
  let badFonts = 0;
  for (const range of ranges) {
    for (let r = range.start; r < Math.min(range.end, records.length); r++) {
      number++;
      const data = records[r]!;
      if (startsWith(data, [0x46, 0x4f, 0x4e, 0x54])) {
        const font = readFontRecord(data);
        if (font === undefined) badFonts++;
        else {
          const resource: BookResource = { href: `fonts/font-${String(number).padStart(4, "0")}.${font.extension}`, mediaType: font.mediaType, data: font.data };
          fonts.set(number, resource);
          resources.push(resource);
        }
        continue;
      }
      const type = pictureType(data);
      if (type === undefined) continue;
      const resource: BookResource = { href: `images/image-${String(number).padStart(4, "0")}.${type.extension}`, mediaType: type.mediaType, data: data.slice() };
      byNumber.set(number, resource);
      resources.push(resource);
    }
  }
  return { byNumber, fonts, resources, badFonts };
}
