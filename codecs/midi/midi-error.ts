import { CodecFailure } from "../common/codec-failure.ts";

// Why a file is not a MIDI file we can read, in words the visitor can act on.
export type MidiErrorCode =
  /** zero bytes */
  | "empty"
  /** no MThd header (and not an RMID wrapper around one) */
  | "not-midi"
  /** the file ends inside a chunk or an event */
  | "truncated"
  /** a chunk or an event makes no sense */
  | "corrupt";

export class MidiError extends CodecFailure<MidiErrorCode> {
  constructor(message: string, code: MidiErrorCode, options?: ErrorOptions) {
    super(message, code, options);
    this.name = "MidiError";
  }
}
