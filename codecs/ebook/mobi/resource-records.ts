// The records after a MOBI/KF8 book's text: pictures (one record each, JPEG, PNG and GIF stored as
// they are: the pipeline has already scaled them for Kindles), the FLIS and FCIS records Kindle
// tools write (readers ignore them but expect them), the end-of-file record and the BOUNDARY
// record between the MOBI 6 and KF8 halves of a joint file.
import type { BookResource } from "../book.ts";
import { ByteWriter } from "./mobi-bytes.ts";

/** Pictures above this size are left out (the pipeline scales them far smaller). */
export const MAX_PICTURE_BYTES = 16 * 1024 * 1024;

export type PictureKind = "jpeg" | "png" | "gif";

/** What a picture's bytes are (by signature, not by its claimed type), or null. */
export function pictureKind(data: Uint8Array): PictureKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.length >= 8 && data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return "png";
  if (data.length >= 6 && data[0] === 0x47 && data[1] === 0x49 && data[2] === 0x46 && data[3] === 0x38) return "gif";
  return null;
}

export interface ResourceRecords {
  /** the resource records, in order */
  records: Uint8Array[];
  /** href → 1-based number among the resource records (MOBI 6 recindex, KF8 kindle:embed) */
  recindex: Map<string, number>;
  /** the cover's 0-based offset among the resource records (EXTH 201), when there is one */
  coverOffset?: number;
  /** hrefs left out, with why (for the book's notes) */
  skipped: Array<{ href: string; reason: string }>;
}

export interface ResourceRecordOptions {
  coverHref?: string;
  /**
   * Other resources to store (a KF8 font record, say): return the record, or null to leave the
   * resource out. Pictures are always stored.
   */
  other?: (resource: BookResource) => Uint8Array | null;
}

/** The resource records of `resources`: every JPEG, PNG and GIF (and what `other` adds). */
export function makeResourceRecords(resources: readonly BookResource[], options: ResourceRecordOptions = {}): ResourceRecords {
  const records: Uint8Array[] = [];
  const recindex = new Map<string, number>();
  const skipped: Array<{ href: string; reason: string }> = [];
  for (const resource of resources) {
    if (recindex.has(resource.href)) continue;
    const kind = pictureKind(resource.data);
    let record: Uint8Array | null = null;
    if (kind !== null) {
      if (resource.data.length > MAX_PICTURE_BYTES) {
        skipped.push({ href: resource.href, reason: "too large for a Kindle book" });
        continue;
      }
      record = resource.data;
    } else if (resource.mediaType.startsWith("image/")) {
      skipped.push({ href: resource.href, reason: `a ${resource.mediaType} picture (Kindles show JPEG, PNG and GIF)` });
      continue;
    } else {
      record = options.other?.(resource) ?? null;
    }
    if (record === null) continue;
    records.push(record);
    recindex.set(resource.href, records.length);
  }
  const cover = options.coverHref === undefined ? undefined : recindex.get(options.coverHref);
  return { records, recindex, ...(cover !== undefined ? { coverOffset: cover - 1 } : {}), skipped };
}

/** The FLIS record (fixed content). */
export function flisRecord(): Uint8Array {
  return new ByteWriter(36)
    .ascii("FLIS")
    .u32(8)
    .u16(65)
    .u16(0)
    .u32(0)
    .u32(0xffffffff)
    .u16(1)
    .u16(3)
    .u32(3)
    .u32(1)
    .u32(0xffffffff)
    .result();
}

/** The FCIS record, which repeats the text length; its layout differs between MOBI 6 and KF8. */
export function fcisRecord(textLength: number, version: 6 | 8): Uint8Array {
  const out = new ByteWriter(52).ascii("FCIS").u32(20).u32(16).u32(version === 8 ? 2 : 1).u32(0).u32(textLength);
  if (version === 8) out.u32(0).u32(0x28).u32(0).u32(0x28).u32(8).u16(1).u16(1).u32(0);
  else out.u32(0).u32(0x20).u32(8).u16(1).u16(1).u32(0);
  return out.result();
}

/** The end-of-file record. */
export const eofRecord = (): Uint8Array => Uint8Array.of(0xe9, 0x8e, 0x0d, 0x0a);

/** The record between the MOBI 6 and KF8 halves of a joint file. */
export const boundaryRecord = (): Uint8Array => new TextEncoder().encode("BOUNDARY");
