export { encodePng, DEFAULT_PNG_LEVEL, type EncodePngOptions } from "./encode.ts";
export { decodePng, readPngHeader, MAX_PNG_SIDE, MAX_PNG_BYTES, type DecodePngOptions, type PngHeader } from "./decode.ts";
export { PngError, type PngErrorCode } from "./errors.ts";
