import { CodecFailure } from "../common/codec-failure.ts";

// Why a MIDI file cannot be read or rendered, in words the visitor can act on.
export type MidiErrorCode =
  /** zero bytes */
  | "empty"
  /** no MThd header (and not an RMID wrapper around one) */
  | "not-midi"
  /** the file ends inside a chunk or an event */
  | "truncated"
  /** a chunk or an event makes no sense */
  | "corrupt"
  /** a file with tracks but not one note: it would render as silence */
  | "no-notes"
  /** the SoundFont (shipped or the visitor's) cannot be read */
  | "bad-soundfont"
  /** an option is out of range */
  | "bad-option"
  /** this environment cannot encode the chosen output */
  | "no-encoder"
  /** the synthesizer or the encoder failed while rendering */
  | "render-failed";

export class MidiError extends CodecFailure<MidiErrorCode> {
  constructor(message: string, code: MidiErrorCode, options?: ErrorOptions) {
    super(message, code, options);
    this.name = "MidiError";
  }
}
