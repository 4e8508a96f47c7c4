// An MP3 encode on several cores (issue 33, decision 066). The sound is cut at frame boundaries into
// stretches; each is encoded by its own LAME (mediabunny's MP3 encoder: one worker each) from a few
// frames before its part (the pre-roll) to a few past it (the post-roll), and the streams are
// joined where the bit reservoir and the windows allow (#codecs/media/mp3-join.ts). The result has
// the single pass's frames and samples: gapless, and decoded as cleanly.
import { AudioSample, AudioSampleSource, CustomAudioEncoder, EncodedPacket, Mp3OutputFormat, NullTarget, Output, Quality, registerEncoder, type AudioCodec } from "mediabunny";
import { findJoin, joinAt, type LaneFrames } from "#codecs/media/mp3-join.ts";
import { MediaError } from "#codecs/media/media-error.ts";
import type { TrackPlan } from "#codecs/media/media-types.ts";
import { MAX_ENCODER_LANES } from "../encoder-lanes.ts";
import { EncoderRequests, type EncoderRequest } from "./encoder-requests.ts";

/** MP3 frames in each stretch's own part: about 10 s at 44.1 kHz. */
const SEGMENT_FRAMES = 384;
/** Frames each stretch is encoded from before its part, and past it (where the join is looked for). */
const PRE_ROLL = 16;
const POST_ROLL = 32;
/** Frames before a cut not handed on yet: a join rewrites reservoir bytes in them (up to 511 bytes of small frames). */
const HELD_FRAMES = 64;
/** Stretches of sound queued in a lane before the reading waits for it: more than one, so the reading
 * reaches the next lane's stretch while this one still encodes (with less, the lanes take turns). */
const MAX_QUEUED_STRETCHES = 1.5;
/** A sound shorter than this many stretches is encoded in one pass. */
const MIN_SEGMENTS = 2;

interface LaneRequest extends EncoderRequest {
  bitrate: number;
  lanes: number;
}

const requests = new EncoderRequests<LaneRequest>();
/** An untaken wish at this bitrate: once taken, the lanes' own MP3 encoders are mediabunny's. */
const findRequest = (config: AudioEncoderConfig) => requests.find((request) => !request.taken && request.bitrate === config.bitrate);

/** Where one stretch is: its first frame in the whole sound, and its frames' place in its lane's output. */
interface Stretch {
  index: number;
  lane: Lane;
  /** the whole sound's index of the stretch's first frame, its first and past-last samples */
  first: number;
  start: number;
  end: number;
  /** the lane's output index of the stretch's first frame */
  offset: number;
}

/**
 * One LAME (one worker), kept for several stretches in turn: a fresh encoder per stretch would pay
 * its start and its cold wasm again each time (measured: twice the work). The stretches follow one
 * another in its input, each a whole number of frames long, so its output frames fall into the
 * stretches in the same order; the jump between two stretches lands in the next one's pre-roll.
 */
class Lane {
  readonly frames: Uint8Array[] = [];
  /** samples fed (per channel): the lane's own timeline */
  fed = 0;
  readonly #source: AudioSampleSource;
  readonly #output: Output;
  readonly #pending: { done: Promise<void>; frames: number }[] = [];
  #queued = 0;
  readonly #maxQueued: number;
  #work: Promise<void>;
  #finished = false;

  constructor(bitrate: number, maxQueued: number) {
    this.#maxQueued = maxQueued;
    this.#source = new AudioSampleSource({ codec: "mp3", quality: new Quality({ bitrate }), onEncodedPacket: (packet) => void this.frames.push(packet.data) });
    this.#output = new Output({ format: new Mp3OutputFormat(), target: new NullTarget() });
    this.#output.addAudioTrack(this.#source);
    this.#work = this.#output.start();
  }

  /** Queues a piece of the sound (closed once encoded); waits while more than the most is queued. */
  async feed(sample: AudioSample): Promise<void> {
    const frames = sample.numberOfFrames;
    this.fed += frames;
    this.#queued += frames;
    this.#work = this.#work.then(() => this.#source.add(sample)).finally(() => sample.close());
    this.#pending.push({ done: this.#work, frames });
    while (this.#queued > this.#maxQueued) {
      const oldest = this.#pending.shift();
      if (oldest === undefined) break;
      await oldest.done;
      this.#queued -= oldest.frames;
    }
  }

  /** Ends the lane: all its frames once LAME has flushed. */
  async finish(): Promise<void> {
    this.#finished = true;
    this.#work = this.#work.then(async () => {
      this.#source.close();
      await this.#output.finalize();
    });
    await this.#work;
  }

  cancel(): void {
    if (!this.#finished) void this.#output.cancel().catch(() => undefined);
  }
}

class ParallelMp3Encoder extends CustomAudioEncoder {
  #request: LaneRequest | undefined;
  #samplesPerFrame = 1152;
  #timestamp: number | null = null;
  /** samples of the sound received so far (per channel) */
  #position = 0;
  readonly #lanes: Lane[] = [];
  /** stretches begun and not yet joined, in order */
  readonly #stretches: Stretch[] = [];
  #nextStretch = 0;
  /** the joined frames not handed on yet */
  #head: LaneFrames | null = null;
  #emitted = 0;

  static override supports(codec: AudioCodec, config: AudioEncoderConfig): boolean {
    return codec === "mp3" && (config.numberOfChannels === 1 || config.numberOfChannels === 2) && findRequest(config) !== undefined;
  }

  override init(): void {
    const request = findRequest(this.config);
    if (request === undefined) throw new Error("No parallel MP3 encode was asked for.");
    request.taken = true; // the lanes' own encoders are mediabunny's: this class no longer answers
    this.#request = request;
    // MPEG-1 rates have 1152 samples a frame; MPEG-2 and 2.5, 576
    this.#samplesPerFrame = this.config.sampleRate >= 32000 ? 1152 : 576;
  }

  override async encode(sample: AudioSample): Promise<void> {
    this.#timestamp ??= sample.timestamp;
    const from = this.#position;
    const to = from + sample.numberOfFrames;
    while (this.#stretchStart(this.#nextStretch) < to) this.#beginStretch();
    const planes = Array.from({ length: sample.numberOfChannels }, (_, channel) => {
      const plane = new Float32Array(sample.numberOfFrames);
      sample.copyTo(plane, { planeIndex: channel, format: "f32-planar" });
      return plane;
    });
    const feeding: Promise<void>[] = [];
    for (const stretch of this.#stretches) {
      const start = Math.max(from, stretch.start);
      const end = Math.min(to, stretch.end);
      if (start < end) feeding.push(stretch.lane.feed(piece(planes, start - from, end - from, sample.sampleRate, stretch.lane.fed / sample.sampleRate)));
    }
    this.#position = to;
    await Promise.all(feeding);
    this.#joinReady(false);
  }

  override async flush(): Promise<void> {
    await Promise.all(this.#lanes.map((lane) => lane.finish()));
    this.#joinReady(true);
    const head = this.#head;
    if (head !== null) this.#emit(head.frames.length);
  }

  override close(): void {
    for (const lane of this.#lanes) lane.cancel();
  }

  #stretchStart(index: number): number {
    return Math.max(0, index * SEGMENT_FRAMES - PRE_ROLL) * this.#samplesPerFrame;
  }

  /** Begins the next stretch on its lane (lanes are taken in turn). */
  #beginStretch(): void {
    const request = this.#request as LaneRequest;
    const index = this.#nextStretch++;
    const laneIndex = index % request.lanes;
    const lane = (this.#lanes[laneIndex] ??= new Lane(request.bitrate, MAX_QUEUED_STRETCHES * (SEGMENT_FRAMES + PRE_ROLL + POST_ROLL) * this.#samplesPerFrame));
    const first = Math.max(0, index * SEGMENT_FRAMES - PRE_ROLL);
    const end = ((index + 1) * SEGMENT_FRAMES + POST_ROLL) * this.#samplesPerFrame;
    // the lane's input so far is whole frames: this stretch's frames start at that frame of its output
    this.#stretches.push({ index, lane, first, start: first * this.#samplesPerFrame, end, offset: lane.fed / this.#samplesPerFrame });
  }

  /** Joins, in order, the stretches whose frames are all out (all of them at the end). */
  #joinReady(ending: boolean): void {
    for (let stretch = this.#stretches[0]; stretch !== undefined; stretch = this.#stretches[0]) {
      const count = (stretch.end - stretch.start) / this.#samplesPerFrame;
      const out = stretch.lane.frames.length - stretch.offset;
      // all its frames, or the end of the sound (its lane has flushed)
      if (!(out >= count || (ending && this.#position <= stretch.end))) return;
      this.#stretches.shift();
      this.#absorb(stretch.index, { first: stretch.first, frames: stretch.lane.frames.slice(stretch.offset, stretch.offset + count) });
    }
  }

  /** Joins a stretch's frames onto the frames so far and hands on those no later join can change. */
  #absorb(index: number, frames: LaneFrames): void {
    const cut = index * SEGMENT_FRAMES;
    if (this.#head === null) {
      this.#head = frames;
    } else if (frames.first + frames.frames.length <= this.#head.first + this.#head.frames.length) {
      // the sound ended in the frames so far (in their post-roll): they hold all of this stretch
      return;
    } else {
      const at = findJoin(this.#head, frames, cut, cut + POST_ROLL - 2);
      if (at === null) throw new MediaError("The MP3 encoder could not join the parts it encoded at once.", "engine-failed");
      this.#head = joinAt(this.#head, frames, at);
    }
    const nextCut = (index + 1) * SEGMENT_FRAMES;
    this.#emit(Math.max(0, nextCut - HELD_FRAMES - this.#head.first));
  }

  /** Hands on the first `count` frames of the head as packets. */
  #emit(count: number): void {
    const head = this.#head;
    if (head === null || count <= 0) return;
    const seconds = this.#samplesPerFrame / this.config.sampleRate;
    for (const frame of head.frames.slice(0, count)) {
      const index = this.#emitted++;
      const packet = new EncodedPacket(frame, "key", (this.#timestamp ?? 0) + index * seconds, seconds);
      const meta = index === 0 ? { decoderConfig: { codec: "mp3", numberOfChannels: this.config.numberOfChannels, sampleRate: this.config.sampleRate } } : undefined;
      this.onPacket(packet, meta);
    }
    this.#head = { first: head.first + count, frames: head.frames.slice(count) };
  }
}

/** Frames [from, to) of the planes as an AudioSample starting at `seconds`. */
function piece(planes: Float32Array[], from: number, to: number, sampleRate: number, seconds: number): AudioSample {
  const frames = to - from;
  const data = new Float32Array(frames * planes.length);
  planes.forEach((plane, channel) => data.set(plane.subarray(from, to), channel * frames));
  return new AudioSample({ data, format: "f32-planar", numberOfChannels: planes.length, sampleRate, timestamp: seconds });
}

let registered = false;

/** Registers the encoder: before mediabunny's own MP3 encoder, which answers every other MP3 encode. */
export function registerParallelMp3Encoder(): void {
  if (registered) return;
  registerEncoder(ParallelMp3Encoder);
  registered = true;
}

/**
 * When this conversion's MP3 encode may run on `lanes` encoders at once: opens the request and
 * returns it (close it when the conversion ends); null encodes in one pass.
 */
export function requestParallelMp3(plan: TrackPlan, container: string, outputSeconds: number | null, sampleRate: number | undefined, lanes: number): { lanes: number; taken: () => boolean; close: () => void } | null {
  if (plan.action !== "encode" || plan.codec !== "mp3" || container !== "mp3" || plan.bitrate === undefined || plan.vbrQuality !== undefined) return null;
  const count = Math.min(MAX_ENCODER_LANES, Math.floor(lanes));
  const rate = plan.sampleRate ?? sampleRate ?? 44100;
  const segmentSeconds = (SEGMENT_FRAMES * (rate >= 32000 ? 1152 : 576)) / rate;
  if (count < 2 || outputSeconds === null || outputSeconds < MIN_SEGMENTS * segmentSeconds) return null;
  const request: LaneRequest = { bitrate: plan.bitrate, lanes: count, taken: false };
  return { lanes: count, taken: () => request.taken, close: requests.open(request) };
}
