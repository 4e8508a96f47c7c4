// The song rewritten for the synthesizer's own SMF reader (decision 036). spessasynth reads only
// strict files (an MThd of 6 bytes, nothing but MTrk chunks, F7 packets as one byte) and ends a
// song at its last channel message, cutting a held pedal or a note left on at End of Track. Our
// tolerant reader (./read-midi.ts) has already made sense of the file; this writes its events back
// as a plain format 1 file: every status byte written, SysEx packets joined, SMPTE time turned into
// a tempo, and a last track whose one harmless controller sits at the song's end (the last End of
// Track), so the synthesizer plays to there and releases every note at that moment.
import type { MidiSong, TimedMessage } from "./read-midi.ts";
import { vlqBytes } from "./read-midi.ts";

/** An undefined controller (CC 85): no synthesizer or SoundFont modulator listens to it. */
const END_MARKER = Uint8Array.of(0xb0, 85, 0);
const END_OF_TRACK = Uint8Array.of(0xff, 0x2f, 0x00);
/** SMPTE timing becomes this many ticks per quarter for each tick per frame, at the tempo that keeps the ticks' length. */
const SMPTE_QUARTER_FRAMES = 15;

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

function trackChunk(events: readonly TimedMessage[], endTick: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  let tick = 0;
  const add = (at: number, bytes: Uint8Array) => {
    const delta = Uint8Array.from(vlqBytes(Math.max(0, at - tick)));
    tick = Math.max(tick, at);
    parts.push(delta, bytes);
    size += delta.length + bytes.length;
  };
  for (const event of events) add(event.tick, event.bytes);
  add(endTick, END_OF_TRACK);
  const chunk = new Uint8Array(8 + size);
  chunk.set([...ascii("MTrk"), ...u32(size)]);
  let offset = 8;
  for (const part of parts) {
    chunk.set(part, offset);
    offset += part.length;
  }
  return chunk;
}

/** The tempo (µs per quarter) that gives SMPTE ticks their length at SMPTE_QUARTER_FRAMES × ticks-per-frame ticks per quarter. */
function smpteTiming(division: number): { division: number; microsPerQuarter: number } {
  const rate = 256 - (division >> 8);
  const framesPerSecond = rate === 29 ? 29.97 : rate;
  return { division: SMPTE_QUARTER_FRAMES * (division & 0xff), microsPerQuarter: Math.round((SMPTE_QUARTER_FRAMES / framesPerSecond) * 1e6) };
}

export function plainSmf(song: MidiSong): Uint8Array {
  const smpte = (song.division & 0x8000) !== 0;
  const timing = smpte ? smpteTiming(song.division) : { division: song.division, microsPerQuarter: 0 };
  // SMPTE time ignores tempo events
  const tracks = smpte ? song.tracks.map((events) => events.filter((e) => !(e.bytes[0] === 0xff && e.bytes[1] === 0x51))) : song.tracks;
  const last: TimedMessage[] = [];
  if (smpte) {
    const m = timing.microsPerQuarter;
    last.push({ tick: 0, bytes: Uint8Array.of(0xff, 0x51, 3, (m >> 16) & 255, (m >> 8) & 255, m & 255) });
  }
  last.push({ tick: song.endTick, bytes: END_MARKER });
  const chunks = [...tracks.map((events) => trackChunk(events, song.endTick)), trackChunk(last, song.endTick)];
  const header = [...ascii("MThd"), ...u32(6), 0, 1, (chunks.length >> 8) & 255, chunks.length & 255, (timing.division >> 8) & 255, timing.division & 255];
  const out = new Uint8Array(header.length + chunks.reduce((sum, c) => sum + c.length, 0));
  out.set(header);
  let offset = header.length;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
