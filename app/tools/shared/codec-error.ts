// Typed conversion errors: a message meant for the visitor ("This DDS file uses BC6H, which ...").
// Codecs may throw their own class instead (`class DdsError extends Error { name = "DdsError" }`):
// what counts is an error name that is not one of JavaScript's built-in ones, because those carry
// programmer messages ("Cannot read properties of undefined") that a visitor should not see.
import { WorkerJobError } from "./worker-bridge.ts";

export class CodecError extends Error {
  override readonly name: string = "CodecError";
}

const GENERIC_NAMES = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "EvalError",
  "URIError",
  "AggregateError",
  "InternalError",
  "AbortError",
  "WorkerCrash",
]);

/** The visitor-facing message of a typed codec error (thrown here or in a worker), or undefined. */
export function codecErrorMessage(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const name = error instanceof WorkerJobError ? error.errorName : (error as { name?: unknown }).name;
  const message = (error as { message?: unknown }).message;
  if (typeof name !== "string" || GENERIC_NAMES.has(name)) return undefined;
  if (typeof message !== "string" || message.trim() === "") return undefined;
  return message.trim();
}
