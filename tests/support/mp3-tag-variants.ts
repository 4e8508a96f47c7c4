// MP3 files with unusual but valid tags, written by hand around one real MP3 (made by LAME): the
// tag layouts that real taggers write and that a reader must skip to find the sound. Layouts from
// the public specs: id3.org "id3v2.3.0", "id3v2.4.0-structure", "id3v2-00" (v2.2), the APEv2 and
// Lyrics3 v2.00 descriptions (wiki.hydrogenaud.io), and ID3v1 (128 bytes at the end).
import { deflateSync } from "node:zlib";
import { concatBytes } from "./bytes.ts";

const ascii = (text: string): Uint8Array => new Uint8Array([...text].map((c) => c.charCodeAt(0) & 0xff));
const concat = concatBytes;
const u32 = (value: number): Uint8Array => new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
const u24 = (value: number): Uint8Array => new Uint8Array([(value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
const u32le = (value: number): Uint8Array => new Uint8Array([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24]);
/** 28 bits in four 7-bit bytes (ID3v2 "synchsafe" integers). */
const syncsafe = (value: number): Uint8Array => new Uint8Array([(value >>> 21) & 0x7f, (value >>> 14) & 0x7f, (value >>> 7) & 0x7f, value & 0x7f]);

/** Bytes with no 0xFF (so no MPEG sync word): what a tagger leaves behind when it shrinks a tag in place. */
function noise(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = 1;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = (state >>> 24) % 255;
  }
  return out;
}

/** ID3v2 unsynchronisation: a 0x00 after every 0xFF that is followed by 0x00 or by a byte ≥ 0xE0 (or ends the data). */
export function unsynchronise(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    out.push(byte);
    const next = bytes[i + 1];
    if (byte === 0xff && (next === undefined || next === 0x00 || next >= 0xe0)) out.push(0x00);
  }
  return new Uint8Array(out);
}

const textFrameBody = (text: string): Uint8Array => concat(new Uint8Array([0]), ascii(text));
const apicBody = (picture: Uint8Array): Uint8Array => concat(new Uint8Array([0]), ascii("image/jpeg"), new Uint8Array([0, 3, 0]), picture);

type Version = 2 | 3 | 4;

interface Frame {
  id: string;
  body: Uint8Array;
  /** zlib-compressed (v2.3: flag + decompressed size; v2.4: flag + data length indicator) */
  compressed?: boolean;
  /** v2.4 frame-level unsynchronisation */
  unsync?: boolean;
}

function frame(version: Version, { id, body, compressed = false, unsync = false }: Frame): Uint8Array {
  if (version === 2) return concat(ascii(id), u24(body.length), body);
  let data = compressed ? deflateSync(body) : body;
  if (version === 3) {
    const payload = compressed ? concat(u32(body.length), data) : data;
    return concat(ascii(id), u32(payload.length), new Uint8Array([0, compressed ? 0x80 : 0]), payload);
  }
  if (unsync) data = unsynchronise(data);
  const lengthIndicator = compressed || unsync;
  const payload = lengthIndicator ? concat(syncsafe(body.length), data) : data;
  const format = (compressed ? 0x08 : 0) | (unsync ? 0x02 : 0) | (lengthIndicator ? 0x01 : 0);
  return concat(ascii(id), syncsafe(payload.length), new Uint8Array([0, format]), payload);
}

interface TagOptions {
  version: Version;
  frames: Frame[];
  extendedHeader?: boolean;
  /** whole-tag unsynchronisation (v2.3 and v2.2; v2.4 sets it per frame) */
  unsync?: boolean;
  padding?: number;
  footer?: boolean;
}

export function id3v2Tag({ version, frames, extendedHeader = false, unsync = false, padding = 0, footer = false }: TagOptions): Uint8Array {
  let extended: Uint8Array = new Uint8Array(0);
  if (extendedHeader && version === 3) {
    // size (10, itself excluded), flags (CRC present), padding size, CRC of the frames (not checked by readers we know)
    extended = concat(u32(10), new Uint8Array([0x80, 0]), u32(padding), u32(0x12345678));
  } else if (extendedHeader && version === 4) {
    // size (itself included), one flag byte: "tag is an update" (data length 0) and "tag restrictions" (1 byte)
    extended = concat(syncsafe(9), new Uint8Array([1, 0x50, 0, 1, 0x00]));
  }
  let body = concat(extended, ...frames.map((item) => frame(version, item)), new Uint8Array(footer ? 0 : padding));
  if (unsync && version !== 4) body = unsynchronise(body);
  const flags = (unsync && version !== 4 ? 0x80 : 0) | (extendedHeader ? 0x40 : 0) | (footer ? 0x10 : 0);
  const header = concat(ascii("ID3"), new Uint8Array([version, 0, flags]), syncsafe(body.length));
  return footer ? concat(header, body, ascii("3DI"), header.subarray(3)) : concat(header, body);
}

export function id3v1Tag(title: string): Uint8Array {
  const tag = new Uint8Array(128);
  tag.set(ascii("TAG"));
  tag.set(ascii(title.slice(0, 30)), 3);
  tag[127] = 255; // genre: none
  return tag;
}

export function apeV2Tag(items: Record<string, string>): Uint8Array {
  const encoded = Object.entries(items).map(([key, value]) => concat(u32le(value.length), u32le(0), ascii(key), new Uint8Array([0]), ascii(value)));
  const itemBytes = concat(...encoded);
  const size = itemBytes.length + 32;
  const block = (isHeader: boolean) =>
    concat(ascii("APETAGEX"), u32le(2000), u32le(size), u32le(encoded.length), u32le(0x80000000 | (isHeader ? 0x20000000 : 0)), new Uint8Array(8));
  return concat(block(true), itemBytes, block(false));
}

export function lyrics3v2Tag(lyrics: string): Uint8Array {
  const field = (id: string, value: string) => concat(ascii(id), ascii(String(value.length).padStart(5, "0")), ascii(value));
  const content = concat(ascii("LYRICSBEGIN"), field("IND", "10"), field("LYR", lyrics));
  return concat(content, ascii(String(content.length).padStart(6, "0")), ascii("LYRICS200"));
}

export type TagVariant =
  | "id3v23-extended"
  | "id3v24-extended"
  | "id3v23-compressed"
  | "id3v24-compressed"
  | "id3v23-unsync"
  | "id3v24-unsync"
  | "id3v22"
  | "id3v24-footer"
  | "tag-larger-than-audio"
  | "id3-padding"
  | "apev2-id3v1"
  | "lyrics3-id3v1"
  | "junk-before-audio"
  | "two-id3v2-tags";

export const TAG_VARIANTS: readonly TagVariant[] = [
  "id3v23-extended",
  "id3v24-extended",
  "id3v23-compressed",
  "id3v24-compressed",
  "id3v23-unsync",
  "id3v24-unsync",
  "id3v22",
  "id3v24-footer",
  "tag-larger-than-audio",
  "id3-padding",
  "apev2-id3v1",
  "lyrics3-id3v1",
  "junk-before-audio",
  "two-id3v2-tags",
];

export const TAGGED_TITLE = "Tagged Tone";

function titled(version: Version, picture: Uint8Array, options: Partial<Frame> = {}): Frame[] {
  const ids = version === 2 ? ["TT2", "PIC"] : ["TIT2", "APIC"];
  // v2.2's PIC: encoding, a 3-letter image format, picture type, description
  const pic = version === 2 ? concat(new Uint8Array([0]), ascii("JPG"), new Uint8Array([3, 0]), picture) : apicBody(picture);
  return [
    { id: ids[0]!, body: textFrameBody(TAGGED_TITLE), ...options },
    { id: ids[1]!, body: pic, ...options },
  ];
}

/**
 * `audio` (a plain MP3 from LAME, no tags) inside the tags of `variant`, with `picture` (a JPEG) as
 * the cover and `bigPicture` (a JPEG larger than the audio) for "tag-larger-than-audio". Every
 * variant holds the same audio frames, so a reader that finds them decodes what the plain file decodes.
 */
export function taggedMp3(audio: Uint8Array, variant: TagVariant, picture: Uint8Array, bigPicture: Uint8Array): Uint8Array {
  switch (variant) {
    case "id3v23-extended":
      return concat(id3v2Tag({ version: 3, frames: titled(3, picture), extendedHeader: true, padding: 256 }), audio);
    case "id3v24-extended":
      return concat(id3v2Tag({ version: 4, frames: titled(4, picture), extendedHeader: true }), audio);
    case "id3v23-compressed":
      return concat(id3v2Tag({ version: 3, frames: titled(3, picture, { compressed: true }) }), audio);
    case "id3v24-compressed":
      return concat(id3v2Tag({ version: 4, frames: titled(4, picture, { compressed: true }) }), audio);
    case "id3v23-unsync":
      return concat(id3v2Tag({ version: 3, frames: titled(3, picture), unsync: true }), audio);
    case "id3v24-unsync":
      return concat(id3v2Tag({ version: 4, frames: titled(4, picture, { unsync: true }) }), audio);
    case "id3v22":
      return concat(id3v2Tag({ version: 2, frames: titled(2, picture) }), audio);
    case "id3v24-footer":
      return concat(id3v2Tag({ version: 4, frames: titled(4, picture), footer: true }), audio);
    case "tag-larger-than-audio":
      if (bigPicture.length <= audio.length) throw new Error("The big picture must be larger than the audio.");
      return concat(id3v2Tag({ version: 3, frames: titled(3, bigPicture) }), audio);
    case "id3-padding":
      return concat(id3v2Tag({ version: 3, frames: titled(3, picture), padding: 64 * 1024 }), audio);
    case "apev2-id3v1":
      return concat(id3v2Tag({ version: 3, frames: titled(3, picture) }), audio, apeV2Tag({ Title: TAGGED_TITLE, Artist: "Test Artist" }), id3v1Tag(TAGGED_TITLE));
    case "lyrics3-id3v1":
      return concat(audio, lyrics3v2Tag("la la la"), id3v1Tag(TAGGED_TITLE));
    case "junk-before-audio":
      // bytes between the tag and the first frame (a tagger that shrank the tag without moving the audio)
      return concat(id3v2Tag({ version: 3, frames: titled(3, picture) }), noise(1200), audio);
    case "two-id3v2-tags":
      return concat(id3v2Tag({ version: 4, frames: titled(4, picture) }), id3v2Tag({ version: 3, frames: titled(3, picture) }), audio);
  }
}
