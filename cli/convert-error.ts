/** A refusal of `npm run convert` (unreadable file, unsupported pair...): its message is for the user. */
export class ConvertError extends Error {
  override readonly name = "ConvertError";
}
