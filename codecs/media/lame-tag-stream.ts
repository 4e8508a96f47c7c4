// Puts a LAME tag (gapless info) into the MP3 mediabunny writes. mediabunny's Xing frame is too
// small for the tag, so this stream sits between its StreamTarget and the sink: it drops the Xing
// placeholder, moves every later byte back by the growth of the frame, and on close writes the
// rebuilt frame (#codecs/media/lame-tag.ts) where the placeholder was. The Xing frame follows the
// ID3v2 tag, if any, so its position is read from the first bytes of the file.
import type { StreamTargetChunk } from "mediabunny";
import { copyGapless, crc16, LAME_ENCODER_DELAY, lameFrame, lameFrameBytes, readFrameHeader, xingByteCount, type SourceGapless } from "./lame-tag.ts";

interface Layout {
  /** where mediabunny's Xing frame starts, and its length */
  start: number;
  bytes: number;
  /** how much longer the rebuilt frame is */
  growth: number;
}

/** A stream copy: the source's gapless counts, and whether the copy starts at the source's first frame. */
export interface CopiedGapless {
  source: SourceGapless;
  fromStart: boolean;
}

export class LameTagStream {
  private samples = 0;
  private xing: Uint8Array | null = null;
  private layout: Layout | null = null;
  private pending: StreamTargetChunk[] = [];
  /** CRC of the audio frames, fed in file order; null once a write came out of order */
  private musicCrc: number | null = 0;
  private crcNext = 0;

  private readonly constantKbps: number | null;
  private readonly copied: CopiedGapless | null;

  // plain fields, not parameter properties: Node runs this file with type stripping only (the CLI)
  /** `copied`: the frames are copied from an MP3 whose own delay and padding the tag keeps. */
  constructor(constantKbps: number | null, copied: CopiedGapless | null = null) {
    this.constantKbps = constantKbps;
    this.copied = copied;
  }

  /** For the Mp3OutputFormat's onXingFrame: the final Xing frame. */
  readonly onXingFrame = (data: Uint8Array): void => {
    this.xing = data.slice();
  };

  /** Counts the samples the encoder is given (the padding at the end follows from it). */
  countSamples(frames: number): void {
    this.samples += frames;
  }

  /** The writable for mediabunny's StreamTarget, writing into `inner`. */
  wrap(inner: WritableStream<StreamTargetChunk>): WritableStream<StreamTargetChunk> {
    const writer = inner.getWriter();
    return new WritableStream<StreamTargetChunk>({
      write: async (chunk) => {
        if (this.layout === null) {
          this.pending.push({ ...chunk, data: chunk.data.slice() });
          this.layout = this.findLayout();
          if (this.layout === null) return;
          const pending = this.pending;
          this.pending = [];
          for (const earlier of pending) await this.forward(writer, earlier);
        } else {
          await this.forward(writer, chunk);
        }
      },
      close: async () => {
        if (this.layout === null) {
          // no Xing frame was found: pass the file through unchanged
          for (const chunk of this.pending) await writer.write(chunk);
        } else if (this.xing !== null) {
          const complete = this.musicCrc !== null && this.crcNext === this.audioEnd(this.xing, this.layout);
          const musicCrc = complete ? this.musicCrc : null;
          const frame =
            this.copied === null
              ? lameFrame(this.xing, { samples: this.samples, encoderDelay: LAME_ENCODER_DELAY, constantKbps: this.constantKbps, musicCrc })
              : lameFrame(this.xing, { samples: 0, constantKbps: null, musicCrc, ...copyGapless(this.xing, this.copied.source, this.copied.fromStart) });
          await writer.write({ type: "write", data: frame, position: this.layout.start });
        }
        await writer.close();
      },
      abort: async (reason) => {
        await writer.abort(reason);
      },
    });
  }

  /** Where the audio ends, from the Xing byte count (which starts at the Xing frame). */
  private audioEnd(xing: Uint8Array, layout: Layout): number | null {
    const bytes = xingByteCount(xing);
    return bytes === null ? null : layout.start + bytes;
  }

  /** The Xing frame's place, once the bytes that tell it (the ID3v2 header, the frame header) arrived. */
  private findLayout(): Layout | null {
    const head = this.bytesAt(0, 10);
    if (head === null) return null;
    let start = 0;
    if (head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) {
      // ID3v2: a 28-bit syncsafe size after the 10-byte header, plus a footer when flagged
      const size = ((head[6] ?? 0) << 21) | ((head[7] ?? 0) << 14) | ((head[8] ?? 0) << 7) | (head[9] ?? 0);
      start = 10 + size + ((head[5] ?? 0) & 0x10 ? 10 : 0);
    }
    const header = this.bytesAt(start, 4);
    if (header === null) return null;
    const bytes = readFrameHeader(header).frameBytes;
    const rebuilt = lameFrameBytes(header);
    this.crcNext = start + bytes;
    return { start, bytes, growth: rebuilt - bytes };
  }

  /** Bytes [position, position + length) from the held writes (the latest write wins), or null if some are missing. */
  private bytesAt(position: number, length: number): Uint8Array | null {
    const out = new Uint8Array(length);
    const seen = new Uint8Array(length);
    for (const chunk of this.pending) {
      const from = Math.max(position, chunk.position);
      const to = Math.min(position + length, chunk.position + chunk.data.byteLength);
      if (from >= to) continue;
      out.set(chunk.data.subarray(from - chunk.position, to - chunk.position), from - position);
      seen.fill(1, from - position, to - position);
    }
    return seen.every((byte) => byte === 1) ? out : null;
  }

  /** Writes a chunk around the Xing frame: before it in place, the placeholder dropped, after it moved. */
  private async forward(writer: WritableStreamDefaultWriter<StreamTargetChunk>, chunk: StreamTargetChunk): Promise<void> {
    const layout = this.layout;
    if (layout === null) throw new Error("The MP3 layout is not known yet.");
    const begin = chunk.position;
    const end = begin + chunk.data.byteLength;
    const frameEnd = layout.start + layout.bytes;
    if (begin < layout.start) {
      await writer.write({ type: "write", data: chunk.data.subarray(0, Math.min(end, layout.start) - begin), position: begin });
    }
    if (end > frameEnd) {
      const from = Math.max(begin, frameEnd);
      const audio = chunk.data.subarray(from - begin);
      this.feedCrc(audio, from);
      await writer.write({ type: "write", data: audio, position: from + layout.growth });
    }
  }

  private feedCrc(audio: Uint8Array, position: number): void {
    if (this.musicCrc === null) return;
    const end = position + audio.byteLength;
    if (audio.byteLength === 0) return;
    if (position > this.crcNext || end <= this.crcNext) {
      // a gap, or a rewrite of audio already counted: the CRC cannot be trusted
      this.musicCrc = null;
      return;
    }
    this.musicCrc = crc16(audio.subarray(this.crcNext - position), this.musicCrc);
    this.crcNext = end;
  }
}
