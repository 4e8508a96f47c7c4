// The encoder that resizes (./video-scaling.ts says why): a mediabunny custom encoder wrapping the
// browser's VideoEncoder, configured at the output's size and fed the decoded pictures as they are.
// Chosen at run time: a one-frame probe per codec checks this browser really scales in its encoder
// (the spec says it must; an engine that does not falls back to mediabunny's canvas resize).
import { CustomVideoEncoder, EncodedPacket, registerEncoder, type InputVideoTrack, type VideoCodec, type VideoSample } from "mediabunny";
import type { TrackPlan } from "#codecs/media/media-types.ts";
import { EncoderRequests } from "./encoder-requests.ts";
import { encoderScaleSize, scaledEncoderConfig, type ScaleRequest } from "./video-scaling.ts";

const requests = new EncoderRequests<ScaleRequest>();
/** The open wish for this codec and bitrate (taken or not: mediabunny's encoder probe and the conversion both use it). */
const findRequest = (codec: string, config: VideoEncoderConfig) => requests.find((request) => request.codec === codec && request.bitrate === config.bitrate);

/** Frames waiting in the browser's encoder at most: each holds a decoded picture the decoder cannot reuse. */
const MAX_QUEUED_FRAMES = 4;

class ScalingVideoEncoder extends CustomVideoEncoder {
  #encoder: VideoEncoder | undefined;
  #failure: Promise<never> | undefined;

  static override supports(codec: VideoCodec, config: VideoEncoderConfig): boolean {
    return findRequest(codec, config) !== undefined;
  }

  override init(): void {
    const request = findRequest(this.codec, this.config);
    if (request === undefined) throw new Error("No resize was asked for this encoder.");
    request.taken = true;
    const failure = Promise.withResolvers<never>();
    this.#failure = failure.promise;
    this.#failure.catch(() => undefined); // read by #room only: not an unhandled rejection
    this.#encoder = new VideoEncoder({
      output: (chunk, meta) => this.onPacket(EncodedPacket.fromEncodedChunk(chunk), meta),
      error: (error) => {
        failure.reject(error);
        this.onError(error);
      },
    });
    this.#encoder.configure(scaledEncoderConfig(this.config, request.size));
  }

  override async encode(sample: VideoSample, options: VideoEncoderEncodeOptions): Promise<void> {
    const encoder = this.#opened();
    await this.#room(encoder);
    const frame = sample.toVideoFrame();
    try {
      encoder.encode(frame, options);
    } finally {
      frame.close();
    }
  }

  override async flush(): Promise<void> {
    await this.#opened().flush();
  }

  override close(): void {
    if (this.#encoder !== undefined && this.#encoder.state !== "closed") this.#encoder.close();
  }

  #opened(): VideoEncoder {
    if (this.#encoder === undefined) throw new Error("The scaling encoder was not initialised.");
    return this.#encoder;
  }

  /** Waits while the browser's encoder holds enough frames, or until it fails. */
  async #room(encoder: VideoEncoder): Promise<void> {
    while (encoder.encodeQueueSize >= MAX_QUEUED_FRAMES) {
      await Promise.race([new Promise((resolve) => encoder.addEventListener("dequeue", resolve, { once: true })), this.#failure]);
    }
  }
}

let registered = false;

/**
 * When the encoder can resize this conversion's video: opens the request and returns it (close it
 * when the conversion ends); null leaves the resize to mediabunny's canvas.
 */
export async function requestEncoderScaling(plan: TrackPlan, track: InputVideoTrack | null): Promise<{ request: ScaleRequest; close: () => void } | null> {
  if (track === null || plan.action !== "encode") return null;
  const [codedWidth, codedHeight, squarePixelWidth, squarePixelHeight, rotation] = await Promise.all([
    track.getCodedWidth(),
    track.getCodedHeight(),
    track.getSquarePixelWidth(),
    track.getSquarePixelHeight(),
    track.getRotation(),
  ]);
  const size = encoderScaleSize({ codedWidth, codedHeight, squarePixelWidth, squarePixelHeight, rotation }, plan);
  if (size === null || plan.bitrate === undefined || !(await encoderScales(plan.codec))) return null;
  if (!registered) {
    registerEncoder(ScalingVideoEncoder);
    registered = true;
  }
  const request: ScaleRequest = { codec: plan.codec, bitrate: plan.bitrate, size, taken: false };
  return { request, close: requests.open(request) };
}

// ---- the run-time probe ----

/** A codec string per codec that every encoder of it takes for a tiny picture. */
const PROBE_CODEC_STRINGS: Readonly<Record<string, string>> = {
  avc: "avc1.42001f",
  hevc: "hev1.1.6.L93.B0",
  vp8: "vp8",
  vp9: "vp09.00.10.08",
  av1: "av01.0.04M.08",
};
/** The probe's picture: dark left half, light right half, encoded at half its size. */
const PROBE_FROM = { width: 128, height: 96 };
const PROBE_TO = { width: 64, height: 48 };
const DARK = 40;
const LIGHT = 220;
/** How far a decoded luma sample may be from the drawn one (lossy coding, the scaler's filter). */
const LUMA_TOLERANCE = 24;

const probes = new Map<string, Promise<boolean>>();

/** Whether this browser's encoder of `codec` scales a picture to its configured size (asked once per codec). */
export function encoderScales(codec: string): Promise<boolean> {
  let probe = probes.get(codec);
  if (probe === undefined) {
    probe = probeScaling(codec).catch(() => false);
    probes.set(codec, probe);
  }
  return probe;
}

async function probeScaling(codec: string): Promise<boolean> {
  const codecString = PROBE_CODEC_STRINGS[codec];
  if (codecString === undefined || typeof VideoEncoder === "undefined" || typeof VideoDecoder === "undefined") return false;
  const config: VideoEncoderConfig = { codec: codecString, ...PROBE_TO, bitrate: 1_000_000, framerate: 30 };
  if ((await VideoEncoder.isConfigSupported(config)).supported !== true) return false;

  const chunks: EncodedVideoChunk[] = [];
  let decoderConfig: VideoDecoderConfig | undefined;
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      chunks.push(chunk);
      decoderConfig ??= meta?.decoderConfig;
    },
    error: () => {},
  });
  try {
    encoder.configure(config);
    const picture = new VideoFrame(halvesPicture(), { format: "I420", codedWidth: PROBE_FROM.width, codedHeight: PROBE_FROM.height, timestamp: 0 });
    encoder.encode(picture, { keyFrame: true });
    picture.close();
    await encoder.flush();
  } finally {
    if (encoder.state !== "closed") encoder.close();
  }
  if (decoderConfig === undefined || chunks.length === 0) return false;
  const frame = await decodeFirst(decoderConfig, chunks);
  try {
    if (frame.displayWidth !== PROBE_TO.width || frame.displayHeight !== PROBE_TO.height) return false;
    const luma = await lumaReader(frame);
    const row = PROBE_TO.height / 2;
    return Math.abs(luma(PROBE_TO.width / 8, row) - DARK) <= LUMA_TOLERANCE && Math.abs(luma((PROBE_TO.width * 7) / 8, row) - LIGHT) <= LUMA_TOLERANCE;
  } finally {
    frame.close();
  }
}

function halvesPicture(): Uint8Array {
  const { width, height } = PROBE_FROM;
  const data = new Uint8Array((width * height * 3) / 2).fill(128); // neutral chroma
  for (let y = 0; y < height; y++) {
    data.fill(DARK, y * width, y * width + width / 2);
    data.fill(LIGHT, y * width + width / 2, (y + 1) * width);
  }
  return data;
}

async function decodeFirst(config: VideoDecoderConfig, chunks: EncodedVideoChunk[]): Promise<VideoFrame> {
  let first: VideoFrame | undefined;
  let failure: unknown;
  const decoder = new VideoDecoder({
    output: (frame) => {
      if (first === undefined) first = frame;
      else frame.close();
    },
    error: (error) => (failure = error),
  });
  try {
    decoder.configure(config);
    for (const chunk of chunks) decoder.decode(chunk);
    await decoder.flush();
  } finally {
    if (decoder.state !== "closed") decoder.close();
  }
  if (first === undefined) throw failure ?? new Error("The probe decoded no picture.");
  return first;
}

/** Reads the luma plane of a decoded YUV picture (plane 0 of every YUV format). */
async function lumaReader(frame: VideoFrame): Promise<(x: number, y: number) => number> {
  if (frame.format === null || !/^(I4|NV12)/.test(frame.format)) throw new Error(`The probe cannot read a ${String(frame.format)} picture.`);
  const buffer = new Uint8Array(frame.allocationSize());
  // without a rect, copyTo copies the visible rect: (0, 0) is its corner
  const [luma] = await frame.copyTo(buffer);
  if (luma === undefined) throw new Error("The decoded picture has no planes.");
  return (column, row) => buffer[luma.offset + row * luma.stride + column] ?? 0;
}
