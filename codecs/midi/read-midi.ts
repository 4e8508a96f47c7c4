// Reads what a Standard MIDI File holds, for the MIDI tool's info panel and its checks before
// rendering (issue 14): format, tracks, timing, tempo map, length, notes and the General MIDI
// instruments used. Format 0, 1 and 2, running status, SysEx, SMPTE timing, and RMID (a RIFF file
// wrapping an SMF) are read; anything broken is a MidiError that says where and what.
import { GM_PROGRAMS } from "./gm-programs.ts";
import { MidiError } from "./midi-error.ts";

export interface MidiInfo {
  format: 0 | 1 | 2;
  /** MTrk chunks read */
  trackCount: number;
  /** ticks per quarter note; null for SMPTE timing */
  ticksPerQuarter: number | null;
  /** from the first tick to the last event (the end of the last track) */
  durationSeconds: number;
  /** the tempo at the start, in quarter notes per minute (120 when the file sets none) */
  initialBpm: number;
  /** tempo events after the start */
  tempoChanges: number;
  /** the first time signature, e.g. "3/4", or null */
  timeSignature: string | null;
  noteCount: number;
  /** notes per MIDI channel (16 entries), to share the rendering between workers */
  channelNotes: number[];
  /** per MIDI channel, how long its notes are held in all, in ticks (a note never released: to its track's end) */
  channelNoteTicks: number[];
  /** General MIDI names of the programs that play notes, in order of first use */
  instruments: string[];
  /** notes on channel 10, the General MIDI drum channel */
  drums: boolean;
  sysExCount: number;
  /** the SMF came wrapped in a RIFF RMID file */
  rmid: boolean;
}

const DRUM_CHANNEL = 9;
const DEFAULT_TEMPO = 500_000; // µs per quarter note: 120 bpm

interface TempoEvent {
  tick: number;
  microsPerQuarter: number;
}

const text = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
const u32le = (bytes: Uint8Array, at: number) => bytes[at]! + (bytes[at + 1]! << 8) + (bytes[at + 2]! << 16) + ((bytes[at + 3]! << 24) >>> 0);

/** The SMF inside an RMID file (its "data" chunk), or the bytes themselves. */
function unwrapRmid(bytes: Uint8Array): { smf: Uint8Array; rmid: boolean } {
  if (bytes.length < 12 || text(bytes, 0) !== "RIFF") return { smf: bytes, rmid: false };
  if (text(bytes, 8) !== "RMID") throw new MidiError("This is a RIFF file but not an RMID (RIFF MIDI) file.", "not-midi");
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = u32le(bytes, at + 4);
    if (text(bytes, at) === "data") {
      if (at + 8 + size > bytes.length) throw new MidiError("The RMID file ends inside its MIDI data.", "truncated");
      return { smf: bytes.subarray(at + 8, at + 8 + size), rmid: true };
    }
    at += 8 + size + (size & 1);
  }
  throw new MidiError("The RMID file has no MIDI data chunk.", "corrupt");
}

export function readMidiInfo(bytes: Uint8Array): MidiInfo {
  if (bytes.length === 0) throw new MidiError("The file is empty (0 bytes).", "empty");
  const { smf, rmid } = unwrapRmid(bytes);
  if (smf.length < 14 || text(smf, 0) !== "MThd") throw new MidiError("This is not a MIDI file: it does not start with a MIDI header (MThd).", "not-midi");
  const headerLength = u32(smf, 4);
  if (headerLength < 6) throw new MidiError(`The MIDI header is ${headerLength} bytes long; it needs 6.`, "corrupt");
  const format = u16(smf, 8);
  if (format > 2) throw new MidiError(`The MIDI header names format ${format}; only formats 0, 1 and 2 exist.`, "corrupt");
  const declaredTracks = u16(smf, 10);
  const division = u16(smf, 12);
  const smpte = (division & 0x8000) !== 0;
  // SMPTE: the high byte is minus the frame rate (29 means 29.97 drop-frame), the low byte ticks per frame
  const framesPerSecond = smpte ? (256 - (division >> 8) === 29 ? 29.97 : 256 - (division >> 8)) : 0;
  const ticksPerFrame = division & 0xff;
  if ((smpte && (ticksPerFrame === 0 || ![24, 25, 29.97, 30].includes(framesPerSecond))) || (!smpte && division === 0)) {
    throw new MidiError("The MIDI header's timing division is invalid.", "corrupt");
  }

  const tempos: TempoEvent[] = [];
  const state = { noteCount: 0, channelNotes: Array.from({ length: 16 }, () => 0), channelNoteTicks: Array.from({ length: 16 }, () => 0), sysExCount: 0, drums: false, timeSignature: null as string | null, programs: new Set<number>() };
  let trackCount = 0;
  let lastTick = 0;
  let at = 8 + headerLength;
  while (at < smf.length) {
    if (at + 8 > smf.length) throw new MidiError(`The file ends inside the header of chunk ${trackCount + 1}.`, "truncated");
    const type = text(smf, at);
    const length = u32(smf, at + 4);
    const start = at + 8;
    if (start + length > smf.length) {
      throw new MidiError(`Track ${trackCount + 1} should be ${length} bytes long but the file ends after ${smf.length - start}.`, "truncated");
    }
    if (type === "MTrk") {
      trackCount++;
      lastTick = Math.max(lastTick, readTrack(smf.subarray(start, start + length), trackCount, tempos, state));
    }
    // chunks of other types are skipped, as the standard asks
    at = start + length;
  }
  // a file cut right after its header holds no tracks either: it was cut short, not made wrong
  if (trackCount < declaredTracks) {
    throw new MidiError(`The MIDI header announces ${declaredTracks} tracks but the file holds ${trackCount}: it was probably cut short.`, "truncated");
  }
  if (trackCount === 0) throw new MidiError("The MIDI file has no tracks.", "corrupt");

  tempos.sort((a, b) => a.tick - b.tick);
  const initial = tempos.length > 0 && tempos[0]!.tick === 0 ? tempos[0]!.microsPerQuarter : DEFAULT_TEMPO;
  const durationSeconds = smpte ? lastTick / (framesPerSecond * ticksPerFrame) : secondsAt(lastTick, division, tempos);
  return {
    format: format as 0 | 1 | 2,
    trackCount,
    ticksPerQuarter: smpte ? null : division,
    durationSeconds,
    initialBpm: Math.round((60_000_000 / initial) * 100) / 100,
    tempoChanges: tempos.filter((t) => t.tick > 0).length,
    timeSignature: state.timeSignature,
    noteCount: state.noteCount,
    channelNotes: state.channelNotes,
    channelNoteTicks: state.channelNoteTicks,
    instruments: [...state.programs].map((program) => GM_PROGRAMS[program] ?? `Program ${program + 1}`),
    drums: state.drums,
    sysExCount: state.sysExCount,
    rmid,
  };
}

/** Seconds from tick 0 to `tick` through the tempo map (sorted by tick). */
function secondsAt(tick: number, ticksPerQuarter: number, tempos: readonly TempoEvent[]): number {
  let seconds = 0;
  let fromTick = 0;
  let tempo = DEFAULT_TEMPO;
  for (const change of tempos) {
    if (change.tick >= tick) break;
    seconds += ((change.tick - fromTick) * tempo) / ticksPerQuarter / 1e6;
    fromTick = change.tick;
    tempo = change.microsPerQuarter;
  }
  return seconds + ((tick - fromTick) * tempo) / ticksPerQuarter / 1e6;
}

interface TrackState {
  noteCount: number;
  channelNotes: number[];
  channelNoteTicks: number[];
  sysExCount: number;
  drums: boolean;
  timeSignature: string | null;
  programs: Set<number>;
}

/** Reads one track's events; returns the tick of its last event. */
function readTrack(track: Uint8Array, number: number, tempos: TempoEvent[], state: TrackState): number {
  const programs = new Uint8Array(16);
  /** the ticks where the sounding notes started, by channel × 128 + key (a key struck again stacks) */
  const sounding = new Map<number, number[]>();
  const release = (slot: number, until: number) => {
    const start = sounding.get(slot)?.pop();
    if (start !== undefined) state.channelNoteTicks[slot >> 7]! += until - start;
  };
  const releaseAll = (until: number) => {
    for (const [slot, starts] of sounding) while (starts.length > 0) release(slot, until);
  };
  let at = 0;
  let tick = 0;
  let running = 0;
  const need = (count: number) => {
    if (at + count > track.length) throw new MidiError(`Track ${number} ends in the middle of an event.`, "truncated");
  };
  const vlq = () => {
    let value = 0;
    for (let i = 0; i < 4; i++) {
      need(1);
      const byte = track[at++]!;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new MidiError(`Track ${number} has a length or time longer than four bytes at byte ${at}.`, "corrupt");
  };

  while (at < track.length) {
    tick += vlq();
    need(1);
    let status = track[at]!;
    if (status >= 0x80) at++;
    else if (running === 0) throw new MidiError(`Track ${number} has a data byte where an event should start (byte ${at}).`, "corrupt");
    else status = running;

    if (status === 0xff) {
      running = 0;
      need(1);
      const type = track[at++]!;
      const length = vlq();
      need(length);
      if (type === 0x2f) {
        releaseAll(tick);
        return tick; // end of track
      }
      if (type === 0x51 && length === 3) tempos.push({ tick, microsPerQuarter: (track[at]! << 16) | (track[at + 1]! << 8) | track[at + 2]! });
      if (type === 0x58 && length >= 2 && state.timeSignature === null) state.timeSignature = `${track[at]}/${2 ** track[at + 1]!}`;
      at += length;
    } else if (status === 0xf0 || status === 0xf7) {
      running = 0;
      const length = vlq();
      need(length);
      state.sysExCount++;
      at += length;
    } else if (status >= 0xf0) {
      throw new MidiError(`Track ${number} has a system message (0x${status.toString(16)}) that a MIDI file cannot hold (byte ${at - 1}).`, "corrupt");
    } else {
      running = status;
      const kind = status & 0xf0;
      const channel = status & 0x0f;
      const length = kind === 0xc0 || kind === 0xd0 ? 1 : 2;
      need(length);
      if (kind === 0xc0) programs[channel] = track[at]! & 0x7f;
      const slot = channel * 128 + (track[at]! & 0x7f);
      const velocity = kind === 0x90 ? track[at + 1]! : 0;
      if (kind === 0x80 || (kind === 0x90 && velocity === 0)) release(slot, tick);
      if (velocity > 0) {
        const starts = sounding.get(slot);
        if (starts === undefined) sounding.set(slot, [tick]);
        else starts.push(tick);
        state.noteCount++;
        state.channelNotes[channel]! += 1;
        if (channel === DRUM_CHANNEL) state.drums = true;
        else state.programs.add(programs[channel]!);
      }
      at += length;
    }
  }
  // a track without its end-of-track event: what was read still counts
  releaseAll(tick);
  return tick;
}
