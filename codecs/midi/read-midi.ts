// Reads what a Standard MIDI File holds, for the MIDI tool's info panel, and its events for the
// synthesizer (issue 14): format, tracks, timing, tempo map, length, notes and the General MIDI
// instruments used. Format 0, 1 and 2, running status, SysEx, SMPTE timing, and RMID (a RIFF file
// wrapping an SMF) are read. It tolerates what other players tolerate (decision 036): running
// status kept across meta and SysEx events, chunks of other types and junk between tracks, track
// lengths that lie, a missing End of Track, SysEx split into packets, bytes after the last track.
// A file that is really broken is a MidiError that says where and what.
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

/** One event of a track, as the synthesizer's SMF reader wants it: the status byte always written, SysEx packets joined. */
export interface TimedMessage {
  tick: number;
  /** a channel message with its status, "FF type length data" or "F0 length data" */
  bytes: Uint8Array;
}

/** What the synthesizer plays: the info, every track's events and the song's timing. */
export interface MidiSong {
  info: MidiInfo;
  tracks: TimedMessage[][];
  /** ticks per quarter note, or the SMPTE word (bit 15 set) */
  division: number;
  /** the tick of the last End of Track: the song ends there */
  endTick: number;
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
      // a size past the file's end is read to the end: the SMF inside says whether it is whole
      return { smf: bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size)), rmid: true };
    }
    at += 8 + size + (size & 1);
  }
  throw new MidiError("The RMID file has no MIDI data chunk.", "corrupt");
}

export function readMidiInfo(bytes: Uint8Array): MidiInfo {
  return readMidiSong(bytes).info;
}

const isChunkLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x20 || byte === 0x5f;
/** Whether a chunk header (four letters and a length) starts at `at`: where a track that lied about its length really ends. */
const chunkAt = (smf: Uint8Array, at: number) => at + 8 <= smf.length && isChunkLetter(smf[at]!) && isChunkLetter(smf[at + 1]!) && isChunkLetter(smf[at + 2]!) && isChunkLetter(smf[at + 3]!);

/** The next "MTrk" at or after `from`, or -1. */
function findTrack(smf: Uint8Array, from: number): number {
  for (let at = from; at + 8 <= smf.length; at++) if (smf[at] === 0x4d && smf[at + 1] === 0x54 && smf[at + 2] === 0x72 && smf[at + 3] === 0x6b) return at;
  return -1;
}

export function readMidiSong(bytes: Uint8Array): MidiSong {
  if (bytes.length === 0) throw new MidiError("The file is empty (0 bytes).", "empty");
  const { smf, rmid } = unwrapRmid(bytes);
  if (smf.length < 14 || text(smf, 0) !== "MThd") throw new MidiError("This is not a MIDI file: it does not start with a MIDI header (MThd).", "not-midi");
  const headerLength = u32(smf, 4);
  if (headerLength < 6) throw new MidiError(`The MIDI header is ${headerLength} bytes long; it needs 6.`, "corrupt");
  if (headerLength > smf.length - 8) throw new MidiError(`The MIDI header says it is ${headerLength} bytes long, longer than the whole file: the file is damaged.`, "corrupt");
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
  const tracks: TimedMessage[][] = [];
  let lastTick = 0;
  let at = Math.min(8 + headerLength, smf.length);
  // as fluidsynth, the tracks the header announces and no more: what follows them is ignored
  while (tracks.length < declaredTracks && at < smf.length) {
    if (at + 8 > smf.length) break;
    const type = text(smf, at);
    if (type === "MTrk") {
      const track = readTrack(smf, at + 8, at + 8 + u32(smf, at + 4), tracks.length + 1, tempos, state);
      tracks.push(track.events);
      lastTick = Math.max(lastTick, track.endTick);
      at = track.next;
    } else if (chunkAt(smf, at)) {
      // chunks of other types ("XFIH", "XFKM"...) are skipped, as the standard asks; one whose
      // length runs past the file lied about it, and the next track may still follow
      const after = at + 8 + u32(smf, at + 4);
      const next = after <= smf.length ? after : findTrack(smf, at + 8);
      if (next < 0) break;
      at = next;
    } else {
      // junk between chunks: on to the next track, if there is one
      const next = findTrack(smf, at + 1);
      if (next < 0) break;
      at = next;
    }
  }
  // a file cut right after its header holds no tracks either: it was cut short, not made wrong
  if (tracks.length < declaredTracks) {
    throw new MidiError(`The MIDI header announces ${declaredTracks} tracks but the file holds ${tracks.length}: it was probably cut short.`, "truncated");
  }
  if (tracks.length === 0) throw new MidiError("The MIDI file has no tracks.", "corrupt");

  tempos.sort((a, b) => a.tick - b.tick);
  const initial = tempos.length > 0 && tempos[0]!.tick === 0 ? tempos[0]!.microsPerQuarter : DEFAULT_TEMPO;
  const durationSeconds = smpte ? lastTick / (framesPerSecond * ticksPerFrame) : secondsAt(lastTick, division, tempos);
  const info: MidiInfo = {
    format: format as 0 | 1 | 2,
    trackCount: tracks.length,
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
  return { info, tracks, division, endTick: lastTick };
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

/** Data bytes after the status of the system common messages a track should not hold but some do (F1 F2 F3 F6 and the real-time bytes). */
const SYSTEM_DATA: Readonly<Record<number, number>> = { 0xf1: 1, 0xf2: 2, 0xf3: 1 };

interface ReadTrack {
  events: TimedMessage[];
  /** the tick of its End of Track (or of its last event when it has none) */
  endTick: number;
  /** where the next chunk starts */
  next: number;
}

/**
 * Reads one track's events from `start`. The track ends at its End of Track, wherever its
 * declared length says: a length that runs past the file or stops short of the events is a lie
 * other players forgive. Without an End of Track, it ends at its declared end if a chunk or the
 * file's end follows there, else at the first event that cannot be read past it.
 */
function readTrack(smf: Uint8Array, start: number, declaredEnd: number, number: number, tempos: TempoEvent[], state: TrackState): ReadTrack {
  const programs = new Uint8Array(16);
  /** the ticks where the sounding notes started, by channel × 128 + key (a key struck again stacks) */
  const sounding = new Map<number, number[]>();
  const release = (slot: number, until: number) => {
    const started = sounding.get(slot)?.pop();
    if (started !== undefined) state.channelNoteTicks[slot >> 7]! += until - started;
  };
  const releaseAll = (until: number) => {
    for (const [slot, starts] of sounding) while (starts.length > 0) release(slot, until);
  };
  const events: TimedMessage[] = [];
  let at = start;
  let tick = 0;
  let running = 0;
  /** an unfinished SysEx (its first packet did not end with F7): the F7 packets after it continue it */
  let sysEx: { tick: number; parts: Uint8Array[] } | null = null;
  const need = (count: number) => {
    if (at + count > smf.length) throw new MidiError(`The file ends in the middle of track ${number}.`, "truncated");
  };
  const vlq = () => {
    let value = 0;
    for (let i = 0; i < 4; i++) {
      need(1);
      const byte = smf[at++]!;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new MidiError(`Track ${number} has a length or time longer than four bytes at byte ${at}.`, "corrupt");
  };
  const closeSysEx = () => {
    if (sysEx === null) return;
    const data = new Uint8Array(sysEx.parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of sysEx.parts) {
      data.set(part, offset);
      offset += part.length;
    }
    events.push({ tick: sysEx.tick, bytes: Uint8Array.from([0xf0, ...vlqBytes(data.length), ...data]) });
    sysEx = null;
  };
  /** what was read up to the declared end, to fall back on when the bytes past it are not events */
  let atDeclaredEnd: { events: number; tick: number; at: number } | null = null;

  for (;;) {
    if (at >= declaredEnd && atDeclaredEnd === null) {
      if (at >= smf.length || chunkAt(smf, at)) break;
      atDeclaredEnd = { events: events.length, tick, at };
    }
    if (at >= smf.length) {
      // the file ends before the track's declared end and no End of Track came: it was cut short
      // (a length that runs past the file is forgiven only when the End of Track is there)
      if (declaredEnd > smf.length) throw new MidiError(`The file ends in the middle of track ${number}.`, "truncated");
      break;
    }
    let ended = false;
    try {
      ended = readEvent();
    } catch (error) {
      if (atDeclaredEnd === null) throw error;
      // past the declared end, bytes that are not events: the length was right, the End of Track missing
      events.length = atDeclaredEnd.events;
      tick = atDeclaredEnd.tick;
      at = atDeclaredEnd.at;
      break;
    }
    if (ended) {
      closeSysEx();
      releaseAll(tick);
      return { events, endTick: tick, next: nextChunk(smf, at, declaredEnd) };
    }
  }
  closeSysEx();
  // a track without its End of Track: what was read still counts
  releaseAll(tick);
  return { events, endTick: tick, next: at };

  /** Reads one event at `at`; true at the End of Track. */
  function readEvent(): boolean {
    tick += vlq();
    need(1);
    let status = smf[at]!;
    if (status >= 0x80) at++;
    else if (running === 0) throw new MidiError(`Track ${number} has a data byte where an event should start (byte ${at}).`, "corrupt");
    else status = running;

    if (status === 0xff) {
      // running status survives meta events, as players allow (the standard cancels it)
      need(1);
      const type = smf[at++]!;
      const length = vlq();
      need(length);
      const data = smf.subarray(at, at + length);
      at += length;
      if (type === 0x2f) return true;
      if (type === 0x51 && length === 3) tempos.push({ tick, microsPerQuarter: (data[0]! << 16) | (data[1]! << 8) | data[2]! });
      if (type === 0x58 && length >= 2 && state.timeSignature === null) state.timeSignature = `${data[0]}/${2 ** data[1]!}`;
      events.push({ tick, bytes: Uint8Array.from([0xff, type, ...vlqBytes(length), ...data]) });
    } else if (status === 0xf0 || status === 0xf7) {
      const length = vlq();
      need(length);
      const data = smf.subarray(at, at + length);
      at += length;
      if (status === 0xf0) {
        closeSysEx();
        state.sysExCount++;
        sysEx = { tick, parts: [data.slice()] };
      } else if (sysEx !== null) {
        sysEx.parts.push(data.slice());
      }
      // an F7 escape outside a SysEx (raw bytes for a MIDI port) means nothing to a synthesizer
      if (sysEx !== null && data[length - 1] === 0xf7) closeSysEx();
    } else if (status > 0xf0) {
      // system common and real-time bytes do not belong in a file; players skip them
      const length = SYSTEM_DATA[status] ?? 0;
      need(length);
      at += length;
    } else {
      running = status;
      const kind = status & 0xf0;
      const channel = status & 0x0f;
      const length = kind === 0xc0 || kind === 0xd0 ? 1 : 2;
      need(length);
      if (kind === 0xc0) programs[channel] = smf[at]! & 0x7f;
      const slot = channel * 128 + (smf[at]! & 0x7f);
      const velocity = kind === 0x90 ? smf[at + 1]! & 0x7f : 0;
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
      const message = new Uint8Array(1 + length);
      message[0] = status;
      for (let i = 0; i < length; i++) message[1 + i] = smf[at + i]! & 0x7f;
      events.push({ tick, bytes: message });
      at += length;
    }
    return false;
  }
}

/** Where the chunk after a track that ended at `at` starts: at its declared end if a chunk is there, else right after its End of Track, else at the next "MTrk". */
function nextChunk(smf: Uint8Array, at: number, declaredEnd: number): number {
  if (declaredEnd === smf.length || (declaredEnd >= at && chunkAt(smf, declaredEnd))) return declaredEnd;
  if (at >= smf.length || chunkAt(smf, at)) return at;
  const next = findTrack(smf, at);
  return next < 0 ? smf.length : next;
}

export function vlqBytes(value: number): number[] {
  const out = [value & 0x7f];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) out.unshift((rest & 0x7f) | 0x80);
  return out;
}
