import { CodecFailure } from "../common/codec-failure.ts";

// The failures the document readers and writers report to the visitor (issue 15). The message is
// the visitor's: what is wrong with their file, in their words.
export type DocumentErrorCode =
  /** the file is not what its name or first bytes say, or is cut short or broken */
  | "damaged"
  /** an encrypted PDF and no password (the page then shows its password field) */
  | "password-required"
  /** an encrypted PDF and the wrong password */
  | "wrong-password"
  /** a PDF without a text layer (a scan) asked for TXT or DOCX */
  | "no-text"
  /** a container that unpacks to far more than its size (a zip bomb), or a file over a limit */
  | "too-large"
  /** nesting, entities or counts beyond what any real document has */
  | "too-much-work"
  /** characters the shipped fonts cannot draw (the message names the script) */
  | "unsupported-script"
  /** a request the converter does not make (a target this input has no way to) */
  | "unsupported";

export class DocumentError extends CodecFailure<DocumentErrorCode> {}
