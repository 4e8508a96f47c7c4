/**
 * The one error contract of the converters: a failure whose message is written for the visitor,
 * with a `code` that code can branch on. Every codec's typed error (DdsError, PngError...) and every
 * tool's refusal subclasses it; the worker runtime sends `{ code, message, detail }` across the worker
 * boundary and the bridge rebuilds a CodecFailure on the page. Anything else that is thrown
 * (TypeError, RangeError, a DOMException...) is a bug or an environment problem: its message is
 * for the console, and the visitor gets the tool's generic failure text.
 *
 * The message says the problem in plain words ("This file is a CSV table, not a DDS texture.");
 * `detail` holds what only a technical reader needs (the signature found, the engine that failed),
 * which the page keeps behind a "Details" disclosure (issue 31, finding 1).
 */
export interface CodecFailureOptions extends ErrorOptions {
  /** the technical part of the reason: engine names, byte values, format identifiers */
  detail?: string;
}

export class CodecFailure<Code extends string = string> extends Error {
  readonly code: Code;
  readonly detail: string | undefined;
  // plain fields, not parameter properties: Node runs this file with type stripping only
  constructor(message: string, code: Code, options?: CodecFailureOptions) {
    super(message, options);
    this.code = code;
    this.detail = options?.detail;
  }
}

/** What the visitor is told of a failure: the plain reason, and the technical detail if any. */
export interface VisitorFailure {
  message: string;
  detail?: string;
}

/** The message to show the visitor for `error`: a CodecFailure's own message, else undefined. */
export function visitorMessage(error: unknown): string | undefined {
  return visitorFailure(error)?.message;
}

/** The reason (and its detail) to show the visitor for `error`, or undefined when it is not a CodecFailure. */
export function visitorFailure(error: unknown): VisitorFailure | undefined {
  if (!(error instanceof CodecFailure)) return undefined;
  const message = error.message.trim();
  if (message === "") return undefined;
  const detail = error.detail?.trim();
  return detail ? { message, detail } : { message };
}
