/**
 * The one error contract of the converters: a failure whose message is written for the visitor,
 * with a `code` that code can branch on. Every codec's typed error (DdsError, PngError...) and every
 * tool's refusal subclasses it; the worker runtime sends `{ code, message }` across the worker
 * boundary and the bridge rebuilds a CodecFailure on the page. Anything else that is thrown
 * (TypeError, RangeError, a DOMException...) is a bug or an environment problem: its message is
 * for the console, and the visitor gets the tool's generic failure text.
 */
export class CodecFailure<Code extends string = string> extends Error {
  readonly code: Code;
  // a plain field, not a parameter property: Node runs this file with type stripping only
  constructor(message: string, code: Code, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** The message to show the visitor for `error`: a CodecFailure's own message, else undefined. */
export function visitorMessage(error: unknown): string | undefined {
  if (!(error instanceof CodecFailure)) return undefined;
  const text = error.message.trim();
  return text === "" ? undefined : text;
}
