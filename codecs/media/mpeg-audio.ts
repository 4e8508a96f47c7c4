// Which layer of MPEG audio a frame is. mediabunny calls every MPEG audio stream "mp3", so a Layer II
// file (.mp2, .mpa, broadcast and DVD sound) would be "copied" into an .mp3 that holds no MP3; the
// probe asks the first frame's header instead (ISO/IEC 11172-3, 2.4.1.3: the two layer bits).

export type MpegAudioCodec = "mp1" | "mp2" | "mp3";

const LAYERS: Record<number, MpegAudioCodec> = { 1: "mp3", 2: "mp2", 3: "mp1" };

/** The codec of the MPEG audio frame at the start of `frame`, or null when it starts with no frame header. */
export function mpegAudioCodec(frame: Uint8Array): MpegAudioCodec | null {
  const [b0 = 0, b1 = 0] = frame;
  // 11 sync bits, then version (01 is reserved) and layer (00 is reserved)
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 3) & 3) === 1) return null;
  return LAYERS[(b1 >> 1) & 3] ?? null;
}
