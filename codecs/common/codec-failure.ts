/**
 * Base of every codec's typed error (DdsError, PngError...): a message meant for the visitor and a
 * failure category for code. Each codec subclasses it with its own `name`, which is what the pages
 * and the CLI use to tell these messages from programming errors.
 */
export class CodecFailure<Code extends string> extends Error {
  readonly code: Code;
  // a plain field, not a parameter property: Node runs this file with type stripping only
  constructor(message: string, code: Code) {
    super(message);
    this.code = code;
  }
}
