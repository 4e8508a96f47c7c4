// What a MIDI file holds, in words for the page's info panel: one labelled line per fact.
import type { MidiInfo } from "./read-midi.ts";

import type { FactLine } from "../common/fact-line.ts";

export type MidiInfoLine = FactLine;

/** "3:07", "1:02:03" */
export function formatSongLength(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const FORMATS = ["0 (one track)", "1 (parallel tracks)", "2 (independent patterns)"] as const;
const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

export function describeMidi(info: MidiInfo): MidiInfoLine[] {
  const lines: MidiInfoLine[] = [
    { label: "Format", value: `Standard MIDI File, format ${FORMATS[info.format]}${info.rmid ? ", in an RMID (RIFF) wrapper" : ""}` },
    { label: "Tracks", value: String(info.trackCount) },
    { label: "Length", value: formatSongLength(info.durationSeconds) },
    {
      label: "Tempo",
      value: `${Math.round(info.initialBpm * 10) / 10} bpm${info.tempoChanges > 0 ? `, ${plural(info.tempoChanges, "tempo change")}` : ""}`,
    },
  ];
  if (info.timeSignature !== null) lines.push({ label: "Time signature", value: info.timeSignature });
  lines.push({ label: "Timing", value: info.ticksPerQuarter === null ? "SMPTE (frames per second)" : `${info.ticksPerQuarter} ticks per quarter note` });
  lines.push({ label: "Notes", value: info.noteCount.toLocaleString("en-US") });
  const instruments = [...info.instruments, ...(info.drums ? ["Drums (channel 10)"] : [])];
  lines.push({ label: "Instruments", value: instruments.length === 0 ? "none (no notes)" : instruments.join(", ") });
  if (info.sysExCount > 0) lines.push({ label: "System exclusive", value: plural(info.sysExCount, "message") });
  return lines;
}
