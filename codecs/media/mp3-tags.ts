// What precedes an MP3's sound: ID3v2 tags (id3.org "id3v2.4.0-structure" §3.1: "ID3", version,
// flags, a 28-bit synchsafe size, a 10-byte footer when flagged). Tagging libraries' test files and
// files whose download stopped early hold a tag and no complete audio frame; ffmpeg then says only
// "Invalid argument", so the page names the problem itself.
import { readFrameHeader } from "./lame-tag.ts";

export const ID3V2_HEADER_BYTES = 10;

/** Bytes of the ID3v2 tag whose 10-byte header is given (header and footer included), or null when it is not one. */
export function id3v2TagBytes(header: Uint8Array): number | null {
  if (header.length < ID3V2_HEADER_BYTES || header[0] !== 0x49 || header[1] !== 0x44 || header[2] !== 0x33) return null;
  const [, , , major = 0xff, minor = 0xff, flags = 0, ...size] = header;
  if (major === 0xff || minor === 0xff || size.slice(0, 4).some((byte) => byte >= 0x80)) return null;
  const body = size.slice(0, 4).reduce((sum, byte) => (sum << 7) | byte, 0);
  return ID3V2_HEADER_BYTES + body + (flags & 0x10 ? ID3V2_HEADER_BYTES : 0);
}

/** Whether `bytes` hold one whole MPEG audio layer III frame (a header and all the bytes it announces). */
export function holdsWholeFrame(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0xff); at >= 0 && at + 4 <= bytes.length; at = bytes.indexOf(0xff, at + 1)) {
    try {
      if (at + readFrameHeader(bytes.subarray(at, at + 4)).frameBytes <= bytes.length) return true;
    } catch {
      // not a frame header: look further
    }
  }
  return false;
}
