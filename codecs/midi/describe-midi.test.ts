import { describe, expect, it } from "vitest";
import { writeMidi } from "#tests/support/midi-writer.ts";
import { describeMidi, formatSongLength } from "./describe-midi.ts";
import { readMidiInfo } from "./read-midi.ts";

const lookup = (lines: { label: string; value: string }[], label: string) => lines.find((line) => line.label === label)?.value;

describe("describeMidi", () => {
  it("names the format, length, tempo changes and General MIDI instruments of a real file", () => {
    const bytes = writeMidi({
      format: 1,
      ticksPerQuarter: 480,
      tracks: [
        [
          { tick: 0, type: "tempo", bpm: 100 },
          { tick: 1920, type: "tempo", bpm: 150 },
          { tick: 0, type: "time-signature", numerator: 3, denominator: 4 },
        ],
        [
          { tick: 0, type: "program", channel: 0, program: 40 },
          { tick: 0, type: "note", channel: 0, key: 60, velocity: 90, length: 480 },
          { tick: 480, type: "note", channel: 9, key: 38, velocity: 90, length: 120 },
        ],
        [{ tick: 0, type: "sysex", data: [0x7e, 0x7f, 0x09, 0x01] }],
      ],
    });
    const lines = describeMidi(readMidiInfo(bytes));
    expect(lookup(lines, "Format")).toBe("Standard MIDI File, format 1 (parallel tracks)");
    expect(lookup(lines, "Tracks")).toBe("3");
    expect(lookup(lines, "Tempo")).toBe("100 bpm, 1 tempo change");
    expect(lookup(lines, "Time signature")).toBe("3/4");
    expect(lookup(lines, "Notes")).toBe("2");
    expect(lookup(lines, "Instruments")).toBe("Violin, Drums (channel 10)");
    expect(lookup(lines, "System exclusive")).toBe("1 message");
    // the last event is the tempo change at 1920 ticks: 4 quarters at 100 bpm = 2.4 s
    expect(lookup(lines, "Length")).toBe("0:02");
  });

  it("formats song lengths", () => {
    expect(formatSongLength(0)).toBe("0:00");
    expect(formatSongLength(187.4)).toBe("3:07");
    expect(formatSongLength(3723)).toBe("1:02:03");
  });
});
