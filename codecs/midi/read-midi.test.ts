import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "#tests/support/property.ts";
import { wrapRmid, writeMidi, type MidiEvent } from "#tests/support/midi-writer.ts";
import { MidiError } from "./midi-error.ts";
import { readMidiInfo } from "./read-midi.ts";

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
    expect(refusal(whole.subarray(0, whole.length - 10))).toMatchObject({ code: "truncated", message: expect.stringContaining("Track 3") });
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
    expect(refusal(writeMidi({ format: 0, tracks: [[{ tick: 0, type: "raw", bytes: [0xf2, 1, 2] }]] }))).toMatchObject({ code: "corrupt" });
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
});
