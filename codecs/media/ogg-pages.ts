// Ogg page headers (RFC 3533 §6): enough to tell a chained Ogg file (one logical stream after
// another, as internet radio dumps and concatenated .opus files are) from a single stream. mediabunny
// reads only the first link of a chain, so such files go to the ffmpeg engine, which reads them all.

/** Bytes of a page header before its segment table: "OggS", version, type, granule, serial, sequence, CRC, segment count. */
const HEADER_BYTES = 27;

export interface OggPage {
  /** offset of "OggS" in the bytes given */
  offset: number;
  /** the logical stream's serial number */
  serial: number;
}

function pageAt(bytes: Uint8Array, offset: number): OggPage | null {
  if (offset + HEADER_BYTES > bytes.length) return null;
  if (bytes[offset] !== 0x4f || bytes[offset + 1] !== 0x67 || bytes[offset + 2] !== 0x67 || bytes[offset + 3] !== 0x53 || bytes[offset + 4] !== 0) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { offset, serial: view.getUint32(offset + 14, true) };
}

/** The first page of a file, from its first bytes; null when they do not start with a page. */
export function firstOggPage(head: Uint8Array): OggPage | null {
  return pageAt(head, 0);
}

/** The last page header that starts in `tail` (the last bytes of a file), or null. */
export function lastOggPage(tail: Uint8Array): OggPage | null {
  for (let offset = tail.length - HEADER_BYTES; offset >= 0; offset--) {
    const page = pageAt(tail, offset);
    if (page !== null) return page;
  }
  return null;
}

/**
 * Whether the Ogg file whose first (`head`) and last (`tail`) bytes are given ends in another logical
 * stream than it starts with: a chain, or a second stream multiplexed to the end.
 */
export function endsInAnotherStream(head: Uint8Array, tail: Uint8Array): boolean {
  const first = firstOggPage(head);
  const last = lastOggPage(tail);
  return first !== null && last !== null && last.serial !== first.serial;
}

/** The "beginning of stream" flag of a page's header type. */
const BOS_FLAG = 0x02;

/**
 * How many logical streams the file starts: its leading pages with the beginning-of-stream flag
 * (RFC 3533 §6: every stream's first page comes before any other page). Theora beside Vorbis is two;
 * mediabunny lists only the streams it knows, so a file with more goes to the ffmpeg engine.
 */
export function beginningStreams(head: Uint8Array): number {
  let count = 0;
  let offset = 0;
  for (let page = pageAt(head, offset); page !== null && ((head[offset + 5] ?? 0) & BOS_FLAG) !== 0; page = pageAt(head, offset)) {
    count++;
    // the page ends after its segment table and the segments it lists
    const segments = head[offset + HEADER_BYTES - 1] ?? 0;
    let length = HEADER_BYTES + segments;
    for (let i = 0; i < segments; i++) length += head[offset + HEADER_BYTES + i] ?? 0;
    offset += length;
  }
  return count;
}
