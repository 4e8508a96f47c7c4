// Whether a CLI input is sound or video, from its container's signature (not its name); the raw
// formats that have none (AC-3, raw H.264...) by their extension. Either kind goes to both media
// conversions: the kind only names the file in messages, the ffmpeg probe reads what it really holds.
import { extname } from "node:path";
import { AUDIO_FILE_EXTENSIONS, VIDEO_FILE_EXTENSIONS } from "#app/tools/audio/meta.ts";

export type MediaKind = "audio" | "video";

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));
const at = (bytes: Uint8Array, offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);

/** ISO BMFF brands of still images (AVIF, HEIF): the AVIF converter's, not the media tools'. */
export const IMAGE_BRANDS = new Set(["avif", "avis", "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]);
/** QuickTime files older than "ftyp" start with one of these atoms */
const QUICKTIME_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);
/** ASF's stream type GUID for video (WMV), as stored: an ASF without it is a WMA */
const ASF_VIDEO_STREAM = [0xc0, 0xef, 0x19, 0xbc, 0x4d, 0x5b, 0xcf, 0x11, 0xa8, 0xfd, 0x00, 0x80, 0x5f, 0x5c, 0x44, 0x2b];
const ASF_HEADER_BYTES = 64 * 1024;

const AUDIO_SIGNATURES = ["fLaC", "MAC ", "wvpk", "MPCK", "MP+", "#!AMR", ".snd", "TTA1", "OFR ", "caff", "ID3", "FRM8", "DSD ", "ajkg", "tBaK", "Creative Voice File", "NIST_1A"];
// the extensions the audio and video pages take (decision 038): a file the page takes by its name, the CLI does too
const AUDIO_NAMES = new Set<string>(AUDIO_FILE_EXTENSIONS);
const VIDEO_NAMES = new Set<string>([...VIDEO_FILE_EXTENSIONS, "gif"]);

/** An MPEG audio frame header (MP1/2/3) or an ADTS (AAC) one: 11 sync bits and a valid layer. */
function audioFrameSync(bytes: Uint8Array): boolean {
  const [b0, b1 = 0, b2 = 0] = bytes;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  // FF FE is also UTF-16's byte order mark; as a frame it would be MPEG-1 Layer I with a CRC, which no one writes alone
  if (b1 === 0xfe) return false;
  if ((b1 & 0xf6) === 0xf0) return true; // ADTS: layer 00
  // MPEG audio: version not "reserved", layer not "reserved", bitrate not "bad", sample rate not "reserved"
  return (b1 & 0x18) !== 0x08 && (b1 & 0x06) !== 0 && (b2 & 0xf0) !== 0xf0 && (b2 & 0x0c) !== 0x0c;
}

function isoKind(bytes: Uint8Array): MediaKind | "image" | null {
  const box = ascii(bytes, 4, 4);
  if (box === "ftyp") {
    const brand = ascii(bytes, 8, 4);
    if (IMAGE_BRANDS.has(brand)) return "image";
    return AUDIO_BRANDS.has(brand) ? "audio" : "video";
  }
  return QUICKTIME_ATOMS.has(box) ? "video" : null;
}

function riffKind(bytes: Uint8Array): MediaKind | null {
  const form = ascii(bytes, 8, 4);
  if (["RIFF", "RF64", "BW64"].includes(ascii(bytes, 0, 4)) && form === "WAVE") return "audio";
  if (ascii(bytes, 0, 4) === "RIFF" && (form === "AVI " || form === "AVIX")) return "video";
  if (ascii(bytes, 0, 4) === "FORM" && (form === "AIFF" || form === "AIFC")) return "audio";
  return null;
}

function containsBytes(bytes: Uint8Array, needle: readonly number[], limit: number): boolean {
  const end = Math.min(bytes.length, limit) - needle.length;
  for (let i = 0; i <= end; i++) if (needle.every((b, j) => bytes[i + j] === b)) return true;
  return false;
}

/** The media kind of a file by its container's signature, or null when none says it is sound or video. */
export function mediaKind(bytes: Uint8Array): MediaKind | null {
  const iso = isoKind(bytes);
  // an AVIF or HEIF image: the AVIF converter's
  if (iso !== null) return iso === "image" ? null : iso;
  const riff = riffKind(bytes);
  if (riff) return riff;
  if (AUDIO_SIGNATURES.some((signature) => ascii(bytes, 0, signature.length) === signature)) return "audio";
  if (ascii(bytes, 0, 4) === "OggS") return ascii(bytes, 28, 7) === "\x80theora" ? "video" : "audio";
  if (at(bytes, 0, 0x1a, 0x45, 0xdf, 0xa3)) return "video"; // EBML: Matroska, WebM
  if (ascii(bytes, 0, 3) === "FLV") return "video";
  if (at(bytes, 0, 0, 0, 1, 0xba) || at(bytes, 0, 0, 0, 1, 0xb3)) return "video"; // MPEG program stream, MPEG video
  if (bytes[0] === 0x47 && bytes[188] === 0x47) return "video"; // MPEG transport stream
  if (bytes[4] === 0x47 && bytes[196] === 0x47) return "video"; // M2TS (Blu-ray)
  if (ascii(bytes, 0, 4) === ".RMF") return "video";
  // raw YUV video (ffmpeg's y4m), which would otherwise pass for text; an animated GIF is the video converter's
  if (ascii(bytes, 0, 10) === "YUV4MPEG2 " || ascii(bytes, 0, 6) === "GIF89a" || ascii(bytes, 0, 6) === "GIF87a") return "video";
  if (at(bytes, 0, 0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11)) return containsBytes(bytes, ASF_VIDEO_STREAM, ASF_HEADER_BYTES) ? "video" : "audio";
  return audioFrameSync(bytes) ? "audio" : null;
}

/** A raw format without a signature (AC-3, raw H.264...), by its extension: the last guess, after text. */
export function mediaKindByName(name: string): MediaKind | null {
  const extension = extname(name).slice(1).toLowerCase();
  if (AUDIO_NAMES.has(extension)) return "audio";
  return VIDEO_NAMES.has(extension) ? "video" : null;
}
