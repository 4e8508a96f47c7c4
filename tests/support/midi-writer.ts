// A small Standard MIDI File writer for tests (issue 14): tracks of timed events, written the way
// the standard says (variable-length delta times, optional running status), so the readers and the
// synthesizer are tested on files this code did not read.

export type MidiEvent =
  | { tick: number; type: "note"; channel: number; key: number; velocity: number; length: number }
  | { tick: number; type: "program"; channel: number; program: number }
  | { tick: number; type: "tempo"; bpm: number }
  | { tick: number; type: "time-signature"; numerator: number; denominator: number }
  | { tick: number; type: "sysex"; data: readonly number[] }
  | { tick: number; type: "raw"; bytes: readonly number[] };

export interface MidiFileSpec {
  format: 0 | 1 | 2;
  ticksPerQuarter?: number;
  tracks: readonly (readonly MidiEvent[])[];
  /** leave out the status byte of channel messages that repeat it */
  runningStatus?: boolean;
  /** leave out each track's end-of-track event */
  noEndOfTrack?: boolean;
}

function vlq(value: number): number[] {
  const out = [value & 0x7f];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) out.unshift((rest & 0x7f) | 0x80);
  return out;
}

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

/** Timed messages of one track, note-offs included, in time order (offs before ons at the same tick). */
function messages(events: readonly MidiEvent[]): { tick: number; bytes: number[]; order: number }[] {
  const out: { tick: number; bytes: number[]; order: number }[] = [];
  for (const e of events) {
    switch (e.type) {
      case "note":
        out.push({ tick: e.tick, bytes: [0x90 | e.channel, e.key, e.velocity], order: 1 });
        out.push({ tick: e.tick + e.length, bytes: [0x80 | e.channel, e.key, 64], order: 0 });
        break;
      case "program":
        out.push({ tick: e.tick, bytes: [0xc0 | e.channel, e.program], order: 0 });
        break;
      case "tempo": {
        const micros = Math.round(60_000_000 / e.bpm);
        out.push({ tick: e.tick, bytes: [0xff, 0x51, 3, (micros >> 16) & 255, (micros >> 8) & 255, micros & 255], order: 0 });
        break;
      }
      case "time-signature":
        out.push({ tick: e.tick, bytes: [0xff, 0x58, 4, e.numerator, Math.log2(e.denominator), 24, 8], order: 0 });
        break;
      case "sysex":
        out.push({ tick: e.tick, bytes: [0xf0, ...vlq(e.data.length + 1), ...e.data, 0xf7], order: 0 });
        break;
      case "raw":
        out.push({ tick: e.tick, bytes: [...e.bytes], order: 0 });
        break;
    }
  }
  return out.toSorted((a, b) => a.tick - b.tick || a.order - b.order);
}

export function writeMidi(spec: MidiFileSpec): Uint8Array {
  const division = spec.ticksPerQuarter ?? 480;
  const bytes: number[] = [...ascii("MThd"), ...u32(6), 0, spec.format, 0, spec.tracks.length, (division >> 8) & 255, division & 255];
  for (const track of spec.tracks) {
    const body: number[] = [];
    let tick = 0;
    let running = 0;
    for (const m of messages(track)) {
      body.push(...vlq(m.tick - tick));
      tick = m.tick;
      const status = m.bytes[0]!;
      const channelMessage = status < 0xf0;
      if (spec.runningStatus && channelMessage && status === running) body.push(...m.bytes.slice(1));
      else body.push(...m.bytes);
      running = channelMessage ? status : 0;
    }
    if (!spec.noEndOfTrack) body.push(0, 0xff, 0x2f, 0);
    bytes.push(...ascii("MTrk"), ...u32(body.length), ...body);
  }
  return Uint8Array.from(bytes);
}

/** The same SMF wrapped in a RIFF RMID file. */
export function wrapRmid(smf: Uint8Array): Uint8Array {
  const pad = smf.length & 1 ? [0] : [];
  const data = [...ascii("data"), ...le(smf.length), ...smf, ...pad];
  return Uint8Array.from([...ascii("RIFF"), ...le(4 + data.length), ...ascii("RMID"), ...data]);
}
