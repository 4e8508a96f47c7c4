import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "#tests/support/property.ts";
import { wrapRmid, writeMidi, type MidiEvent } from "#tests/support/midi-writer.ts";
import { MidiError } from "./midi-error.ts";
import { plainSmf } from "./plain-smf.ts";
import { readMidiInfo, readMidiSong } from "./read-midi.ts";

const note = (tick: number, key: number, length: number, channel = 0): MidiEvent => ({ tick, type: "note", channel, key, velocity: 100, length });
const GM_RESET = [0x7e, 0x7f, 0x09, 0x01];

/** A format 1 song: a tempo track (120 bpm, then 60 bpm from 1 s), a violin and a drum track. */
function song(runningStatus = true): Uint8Array {
  return writeMidi({
    format: 1,
    runningStatus,
    tracks: [
      [
        { tick: 0, type: "tempo", bpm: 120 },
        { tick: 0, type: "time-signature", numerator: 3, denominator: 4 },
        { tick: 0, type: "sysex", data: GM_RESET },
        { tick: 960, type: "tempo", bpm: 60 },
      ],
      [{ tick: 0, type: "program", channel: 0, program: 40 }, note(0, 69, 480), note(480, 71, 480), note(960, 72, 960)],
      [note(0, 36, 120, 9), note(960, 38, 120, 9)],
    ],
  });
}

function refusal(bytes: Uint8Array): MidiError {
  try {
    readMidiInfo(bytes);
  } catch (error) {
    if (error instanceof MidiError) return error;
    throw error;
  }
  throw new Error("the file was read");
}

describe("readMidiInfo", () => {
  it("reads a one-note format 0 file at the default tempo", () => {
    const info = readMidiInfo(writeMidi({ format: 0, tracks: [[note(0, 60, 960)]] }));
    expect(info).toEqual({
      format: 0,
      trackCount: 1,
      ticksPerQuarter: 480,
      durationSeconds: 1,
      initialBpm: 120,
      tempoChanges: 0,
      timeSignature: null,
      noteCount: 1,
      channelNotes: [1, ...Array.from({ length: 15 }, () => 0)],
      channelNoteTicks: [960, ...Array.from({ length: 15 }, () => 0)],
      instruments: ["Acoustic Grand Piano"],
      drums: false,
      sysExCount: 0,
      rmid: false,
    });
  });

  it("follows the tempo map across tracks, with running status, SysEx and the drum channel", () => {
    const info = readMidiInfo(song());
    // 960 ticks at 120 bpm (1 s), then 960 more at 60 bpm (2 s)
    expect(info.durationSeconds).toBeCloseTo(3, 9);
    expect(info).toMatchObject({ format: 1, trackCount: 3, initialBpm: 120, tempoChanges: 1, timeSignature: "3/4", noteCount: 5, instruments: ["Violin"], drums: true, sysExCount: 1 });
    expect(info.channelNotes.reduce((a, b) => a + b)).toBe(5);
    // the same song without running status reads the same
    expect(readMidiInfo(song(false))).toEqual(info);
  });

  it("unwraps an RMID file", () => {
    expect(readMidiInfo(wrapRmid(song()))).toEqual({ ...readMidiInfo(song()), rmid: true });
  });

  it("times SMPTE files in frames", () => {
    const bytes = writeMidi({ format: 0, tracks: [[note(0, 60, 2000)]] });
    bytes[12] = 256 - 25; // 25 frames a second
    bytes[13] = 40; // 40 ticks a frame: 1000 ticks a second
    expect(readMidiInfo(bytes)).toMatchObject({ ticksPerQuarter: null, durationSeconds: 2 });
  });

  it("reads a track that lacks its end-of-track event", () => {
    expect(readMidiInfo(writeMidi({ format: 0, noEndOfTrack: true, tracks: [[note(0, 60, 480)]] })).durationSeconds).toBeCloseTo(0.5, 9);
  });

  it("names what is wrong with a broken file", () => {
    expect(refusal(new Uint8Array())).toMatchObject({ code: "empty" });
    expect(refusal(new TextEncoder().encode("RIFF\x04\x00\x00\x00WAVE"))).toMatchObject({ code: "not-midi", message: expect.stringContaining("not an RMID") });
    expect(refusal(new TextEncoder().encode("ID3 this is an mp3"))).toMatchObject({ code: "not-midi" });
    const whole = song();
    expect(refusal(whole.subarray(0, whole.length - 10))).toMatchObject({ code: "truncated", message: "The file ends in the middle of track 3." });
    // a whole track missing
    const oneTrack = writeMidi({ format: 1, tracks: [[note(0, 60, 480)]] });
    oneTrack[11] = 2;
    expect(refusal(oneTrack)).toMatchObject({ code: "truncated", message: expect.stringContaining("announces 2 tracks") });
    // cut right after the header: every track missing is still a cut, not a file made without tracks
    expect(refusal(whole.subarray(0, 14))).toMatchObject({ code: "truncated", message: expect.stringContaining("announces 3 tracks but the file holds 0") });
    const noTracks = whole.slice(0, 14);
    noTracks[11] = 0;
    expect(refusal(noTracks)).toMatchObject({ code: "corrupt", message: expect.stringContaining("no tracks") });
    // a data byte where an event should start
    const noStatus = writeMidi({ format: 0, tracks: [[{ tick: 0, type: "raw", bytes: [0x40, 0x40] }]] });
    expect(refusal(noStatus)).toMatchObject({ code: "corrupt", message: expect.stringContaining("data byte") });
    expect(refusal(new TextEncoder().encode("MThd\x00\x01\x00\x00 that is not a header"))).toMatchObject({ code: "corrupt", message: expect.stringContaining("longer than the whole file") });
  });

  it("refuses any damaged file with a MidiError, never another error", () => {
    const original = song();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(original.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), fc.nat(original.length), (edits, cut) => {
        const bytes = original.slice(0, Math.max(1, cut));
        for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
        try {
          const info = readMidiInfo(bytes);
          expect(Number.isFinite(info.durationSeconds)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(MidiError);
        }
      }),
      propertyRuns(300),
    );
  });

  it("reads a file cut exactly between two events as cut short, not as a track whose length lies", () => {
    const whole = writeMidi({ format: 0, tracks: [[note(0, 60, 480), note(480, 62, 480)]] });
    // the last note's off (4 bytes) and the End of Track (4) cut off
    expect(refusal(whole.subarray(0, whole.length - 8))).toMatchObject({ code: "truncated", message: "The file ends in the middle of track 1." });
  });
});

// Hand-made tracks for what other programs write and the standard frowns on (decision 036)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const chunk = (type: string, body: number[], length = body.length) => [...ascii(type), ...u32(length), ...body];
const header = (tracks: number, division = 480) => chunk("MThd", [0, 1, 0, tracks, division >> 8, division & 255]);
const EOT = [0xff, 0x2f, 0];
const TEMPO = [0, 0xff, 0x51, 3, 0x07, 0xa1, 0x20, 0, ...EOT];
/** Two notes a beat apart; between them the event `between` (with its delta), after which the second note-on's status is left out. */
const NOTES = (between: number[]) => [0, 0x90, 60, 100, 0x83, 0x60, 60, 0, ...between, 0, ...(between.length === 0 ? [0x90] : []), 62, 100, 0x83, 0x60, 62, 0, 0, ...EOT];
const read = (bytes: number[]) => readMidiSong(Uint8Array.from(bytes));

describe("readMidiSong: what other players forgive", () => {
  const plain = read([...header(2), ...chunk("MTrk", TEMPO), ...chunk("MTrk", NOTES([]))]);

  it("keeps running status across a meta event and a SysEx, as players do", () => {
    for (const between of [[0, 0xff, 0x01, 2, 0x68, 0x69], [0, 0xf0, 5, 0x7e, 0x7f, 0x09, 0x01, 0xf7]]) {
      const parsed = read([...header(2), ...chunk("MTrk", TEMPO), ...chunk("MTrk", NOTES(between))]);
      expect(parsed.info).toMatchObject({ noteCount: 2, durationSeconds: 1 });
      const notes = parsed.tracks[1]!.filter((e) => e.bytes[0] === 0x90).map((e) => [e.tick, ...e.bytes]);
      expect(notes).toEqual([[0, 0x90, 60, 100], [480, 0x90, 60, 0], [480, 0x90, 62, 100], [960, 0x90, 62, 0]]);
    }
  });

  it("joins a SysEx sent in packets (F0 ..., F7 ... F7) and drops an F7 escape", () => {
    const packets = [0, 0xf0, 3, 0x7e, 0x7f, 0x09, 0, 0xf7, 2, 0x01, 0xf7, 0, 0xf7, 1, 0xfa];
    const parsed = read([...header(1), ...chunk("MTrk", [...packets, ...NOTES([])])]);
    const sysEx = parsed.tracks[0]!.filter((e) => e.bytes[0] === 0xf0).map((e) => [...e.bytes]);
    expect(sysEx).toEqual([[0xf0, 5, 0x7e, 0x7f, 0x09, 0x01, 0xf7]]);
    expect(parsed.info.sysExCount).toBe(1);
  });

  it("skips chunks of other types and junk between tracks, and ignores bytes after the announced tracks", () => {
    const odd = read([...header(2), ...chunk("MTrk", TEMPO), ...chunk("XFIH", ascii("yamaha")), 1, 2, 3, ...chunk("MTrk", NOTES([])), ...ascii("junk after the end"), ...chunk("MTrk", NOTES([]))]);
    expect(odd.tracks).toEqual(plain.tracks);
    expect(odd.info).toEqual(plain.info);
    // a foreign chunk whose length runs past the file
    expect(read([...header(2), ...chunk("MTrk", TEMPO), ...chunk("XFIH", ascii("yamaha"), 9999), ...chunk("MTrk", NOTES([]))]).tracks).toEqual(plain.tracks);
  });

  it("reads each track to its End of Track when its length runs past the file or stops short of its events", () => {
    const notes = NOTES([]);
    expect(read([...header(2), ...chunk("MTrk", TEMPO), ...chunk("MTrk", notes, notes.length + 500)]).tracks).toEqual(plain.tracks);
    expect(read([...header(2), ...chunk("MTrk", TEMPO, 4), ...chunk("MTrk", notes)]).tracks).toEqual(plain.tracks);
    expect(read([...header(2), ...chunk("MTrk", TEMPO), ...chunk("MTrk", notes, 5)]).tracks).toEqual(plain.tracks);
  });

  it("is written back as a plain file that reads the same, with the song's end kept", () => {
    const parsed = read([...header(2), ...chunk("MTrk", TEMPO), ...chunk("MTrk", NOTES([0, 0xff, 0x01, 2, 0x68, 0x69]))]);
    const again = readMidiSong(plainSmf(parsed));
    expect(again.tracks.slice(0, 2)).toEqual(parsed.tracks);
    expect(again.endTick).toBe(parsed.endTick);
    // the last track holds the end marker, a controller at the song's end
    expect(again.tracks[2]!.map((e) => [e.tick, ...e.bytes])).toEqual([[960, 0xb0, 85, 0]]);
  });

  it("turns SMPTE time into ticks per quarter at a tempo that keeps every tick's length", () => {
    const smpte = read([...header(1, ((256 - 25) << 8) | 40), ...chunk("MTrk", [...TEMPO.slice(0, -4), ...NOTES([])])]);
    expect(smpte.info.durationSeconds).toBeCloseTo(0.96, 9);
    const plainTime = readMidiSong(plainSmf(smpte));
    expect(plainTime.info).toMatchObject({ ticksPerQuarter: 600, initialBpm: 100, tempoChanges: 0 });
    expect(plainTime.info.durationSeconds).toBeCloseTo(0.96, 9);
  });
});
