// The packets of one logical Ogg stream (RFC 3533), read from a file and written back as pages: what
// the Vorbis join (vorbis-join.ts) cuts and re-pages. A packet is the segments of its pages' lacing
// tables up to one shorter than 255, so a long one runs on over the next page (the continued flag);
// a page's granule position belongs to the last packet that ends on it, -1 when none does.
import { concatBytes } from "../common/bytes.ts";
import { MediaError } from "./media-error.ts";

/** "OggS", version, header type, granule (8), serial, sequence, CRC, segment count. */
const HEADER_BYTES = 27;
const CONTINUED = 0x01;
const BOS = 0x02;
const EOS = 0x04;
/** Where the writer ends an audio page: after the packet that brings its body to this many bytes. */
const PAGE_TARGET = 4096;
const MAX_SEGMENTS = 255;

/** Ogg's CRC-32 (RFC 3533 §6): polynomial 0x04c11db7, most significant bit first, start 0, no final xor. */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let r = byte << 24;
  for (let i = 0; i < 8; i++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});

/** The checksum of a page whose CRC field holds zeros. */
export function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
}

export interface OggPacket {
  data: Uint8Array;
  /** the granule position of the page this packet ends on, when it is the last packet to end there; else null */
  granule: number | null;
}

export interface OggStream {
  serial: number;
  packets: OggPacket[];
}

/** The packets of a file holding one logical stream; a MediaError when its pages are broken or it holds another stream. */
export function readOggPackets(file: Uint8Array): OggStream {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const packets: OggPacket[] = [];
  let serial: number | null = null;
  let pending: Uint8Array[] = [];
  for (let offset = 0, sequence = 0; offset < file.length; sequence++) {
    if (offset + HEADER_BYTES > file.length || view.getUint32(offset) !== 0x4f676753 || file[offset + 4] !== 0) {
      throw new MediaError(`No Ogg page starts at byte ${offset}.`, "corrupt");
    }
    const type = file[offset + 5] ?? 0;
    const pageSerial = view.getUint32(offset + 14, true);
    if (serial !== null && pageSerial !== serial) throw new MediaError("The Ogg file holds more than one logical stream.", "unsupported-format");
    serial = pageSerial;
    if (view.getUint32(offset + 18, true) !== sequence) throw new MediaError(`Ogg page ${sequence} is missing or out of order.`, "corrupt");
    const segments = file[offset + HEADER_BYTES - 1] ?? 0;
    const lacing = file.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + segments);
    const end = offset + HEADER_BYTES + segments + lacing.reduce((sum, value) => sum + value, 0);
    if (end > file.length) throw new MediaError(`The Ogg file ends inside page ${sequence}.`, "corrupt");
    const page = file.slice(offset, end);
    page.fill(0, 22, 26);
    if (oggCrc(page) !== view.getUint32(offset + 22, true)) throw new MediaError(`Ogg page ${sequence} fails its checksum.`, "corrupt");
    if (((type & CONTINUED) !== 0) !== pending.length > 0) throw new MediaError(`Ogg page ${sequence} does not continue the packet before it as its flag says.`, "corrupt");

    const firstEnded = packets.length;
    let at = offset + HEADER_BYTES + segments;
    let from = at;
    for (const value of lacing) {
      at += value;
      if (value === MAX_SEGMENTS) continue;
      pending.push(file.subarray(from, at));
      packets.push({ data: concatBytes(pending), granule: null });
      pending = [];
      from = at;
    }
    if (from < at) pending.push(file.subarray(from, at));
    const last = packets[packets.length - 1];
    if (packets.length > firstEnded && last !== undefined) last.granule = Number(view.getBigInt64(offset + 6, true));
    offset = end;
  }
  if (serial === null) throw new MediaError("The Ogg file holds no page.", "empty");
  if (pending.length > 0) throw new MediaError("The Ogg file ends inside a packet.", "corrupt");
  return { serial, packets };
}

/**
 * One logical stream as pages: `headers` (a Vorbis stream's three) and then the audio packets with
 * the granule position each ends at. The first header has the first page to itself (BOS), the other
 * headers end a page of their own so audio starts on a fresh one (Vorbis I §A.2), and audio pages end
 * after the packet that fills them past 4 KB. The last page carries EOS.
 */
export function writeOggStream(serial: number, headers: readonly Uint8Array[], audio: readonly { data: Uint8Array; granule: number }[]): Uint8Array<ArrayBuffer> {
  const pages: Uint8Array[] = [];
  let segments: number[] = [];
  let bodies: Uint8Array[] = [];
  let granule = -1;
  let continued = false;
  const flush = (last: boolean) => {
    const type = (continued ? CONTINUED : 0) | (pages.length === 0 ? BOS : 0) | (last ? EOS : 0);
    pages.push(pageBytes(serial, pages.length, type, granule, segments, bodies));
    continued = segments.at(-1) === MAX_SEGMENTS;
    [segments, bodies, granule] = [[], [], -1];
  };
  const packets = [...headers.map((data) => ({ data, granule: 0 })), ...audio];
  for (const [index, packet] of packets.entries()) {
    const { data } = packet;
    for (let from = 0; ; from += MAX_SEGMENTS) {
      // a packet of n × 255 bytes ends with a zero lacing value
      const size = Math.min(MAX_SEGMENTS, data.length - from);
      if (segments.length === MAX_SEGMENTS) flush(false);
      segments.push(size);
      bodies.push(data.subarray(from, from + size));
      if (size < MAX_SEGMENTS) break;
    }
    granule = packet.granule;
    const isLast = index === packets.length - 1;
    const endsHeaderPage = index === 0 || index === headers.length - 1;
    const full = index >= headers.length && segments.reduce((sum, value) => sum + value, 0) >= PAGE_TARGET;
    if (isLast || endsHeaderPage || full) flush(isLast);
  }
  return concatBytes(pages);
}

function pageBytes(serial: number, sequence: number, type: number, granule: number, segments: readonly number[], bodies: readonly Uint8Array[]): Uint8Array {
  const out = concatBytes([new Uint8Array(HEADER_BYTES), Uint8Array.from(segments), ...bodies]);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x4f676753);
  out[5] = type;
  view.setBigInt64(6, BigInt(granule), true);
  view.setUint32(14, serial, true);
  view.setUint32(18, sequence, true);
  out[26] = segments.length;
  view.setUint32(22, oggCrc(out), true);
  return out;
}
