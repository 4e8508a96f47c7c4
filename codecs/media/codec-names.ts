// Plain names for the codecs a refusal may have to name (issue 26): ffmpeg's codec ids, the tags a
// container gives a codec ffmpeg does not know ("none"), and the file formats no ffmpeg reads at
// all, recognised by their first bytes. Pure. Decision 038 lists what the core (@ffmpeg/core
// 0.12.10, FFmpeg n5.1.4) decodes: everything native ffmpeg 5.1 does except the external libraries.

/** ffmpeg codec id → the name people know it by. */
const CODEC_NAMES: Record<string, string> = {
  // no decoder in the core (its `-codecs` list: known to ffmpeg 5.1, decoded by nothing compiled in)
  av1: "AV1",
  vvc: "H.266/VVC",
  avs2: "AVS2",
  avs3: "AVS3",
  daala: "Daala",
  jpegxl: "JPEG XL",
  ljpeg: "Lossless JPEG",
  svg: "SVG",
  "4gv": "4GV",
  celt: "CELT",
  codec2: "Codec 2",
  mpegh_3d_audio: "MPEG-H 3D Audio",
  smv: "SMV",
  sonicls: "Sonic Lossless",
  // decoded, named for the other messages that quote a codec
  aac: "AAC",
  mp3: "MP3",
  mp2: "MP2",
  mp1: "MP1",
  ac3: "AC-3",
  eac3: "E-AC-3",
  dts: "DTS",
  truehd: "Dolby TrueHD",
  mlp: "MLP",
  amr_nb: "AMR-NB",
  amr_wb: "AMR-WB",
  opus: "Opus",
  vorbis: "Vorbis",
  flac: "FLAC",
  alac: "Apple Lossless",
  tak: "TAK",
  shorten: "Shorten",
  ape: "Monkey's Audio",
  tta: "TTA",
  wavpack: "WavPack",
  musepack7: "Musepack",
  musepack8: "Musepack",
  mp4als: "MPEG-4 ALS",
  wmav1: "Windows Media Audio",
  wmav2: "Windows Media Audio",
  wmapro: "Windows Media Audio Pro",
  wmalossless: "Windows Media Audio Lossless",
  wmavoice: "Windows Media Audio Voice",
  cook: "RealAudio Cook",
  ralf: "RealAudio Lossless",
  atrac3: "ATRAC3",
  gsm: "GSM",
  speex: "Speex",
  h263: "H.263",
  h264: "H.264",
  avc: "H.264",
  hevc: "H.265/HEVC",
  mpeg4: "MPEG-4 Part 2",
  mpeg2video: "MPEG-2",
  mpeg1video: "MPEG-1",
  vp8: "VP8",
  vp9: "VP9",
  theora: "Theora",
  wmv3: "Windows Media Video 9",
  vc1: "VC-1",
  prores: "ProRes",
  gif: "GIF",
};

/** Container tags (MP4 sample entries, Matroska ids) of codecs ffmpeg 5.1 does not know: it calls them "none". */
const TAG_NAMES: Record<string, string> = {
  "ac-4": "Dolby AC-4",
  a_ac4: "Dolby AC-4",
  vvc1: "H.266/VVC",
  vvi1: "H.266/VVC",
  v_mpegi_isovvc: "H.266/VVC",
  mha1: "MPEG-H 3D Audio",
  mha2: "MPEG-H 3D Audio",
  mhm1: "MPEG-H 3D Audio",
  mhm2: "MPEG-H 3D Audio",
  apac: "Apple Positional Audio",
  iamf: "IAMF",
  lc3: "LC3",
};

/** The name of ffmpeg's codec `id`, or the id itself in capitals when we have no better name. */
export function codecLabel(id: string): string {
  return CODEC_NAMES[id.toLowerCase()] ?? id.toUpperCase();
}

/** The codec a container tag names ("ac-4", "A_AC4"), or null. */
export function codecOfTag(tag: string): string | null {
  return TAG_NAMES[tag.trim().toLowerCase()] ?? null;
}

export type TrackKind = "sound" | "video";

/** "This file's sound is in the OptimFROG codec, which this converter cannot decode." */
export function undecodableMessage(kind: TrackKind | null, codec: string | null): string {
  const what = kind ? `This file's ${kind}` : "This file";
  return codec ? `${what} is in the ${codec} codec, which this converter cannot decode.` : `${what} is in a codec that this converter does not know, so it cannot decode it.`;
}

/** A file format no ffmpeg reads (no demuxer), by its first bytes: its codec and kind. */
export interface UnreadableFormat {
  kind: TrackKind;
  codec: string;
}

const MAGICS: { bytes: string; format: UnreadableFormat }[] = [
  // OptimFROG (.ofr, and .ofs DualStream): "OFR " then the header's size; ffmpeg has no demuxer or decoder
  { bytes: "OFR ", format: { kind: "sound", codec: "OptimFROG" } },
];

/** Where a file's own data starts: after an ID3v2 tag (which OptimFROG and other formats may carry first), else 0. */
export function dataStart(head: Uint8Array): number {
  if (head.length < 10 || head[0] !== 0x49 || head[1] !== 0x44 || head[2] !== 0x33) return 0;
  const size = head.subarray(6, 10).reduce((total, byte) => total * 128 + (byte & 0x7f), 0);
  const footer = ((head[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** The format of a file whose own data (see dataStart) starts with `head`, when it is one ffmpeg cannot read at all. */
export function unreadableFormat(head: Uint8Array): UnreadableFormat | null {
  for (const { bytes, format } of MAGICS) {
    if (head.length >= bytes.length && [...bytes].every((char, i) => head[i] === char.charCodeAt(0))) return format;
  }
  return null;
}
