import type { ConvertArgs } from "./convert-args.ts";
import type { InputKind } from "./input-kind.ts";

/** What a conversion gets: the input's bytes, its sniffed kind, the checked arguments. */
export interface ConversionInput {
  bytes: Uint8Array;
  kind: InputKind;
  args: ConvertArgs;
}

/** Runs one conversion, writes its output(s) and returns the line to print. */
export type ConversionHandler = (input: ConversionInput) => string | Promise<string>;
