export { decodeDds, parseDds, selectSurface } from "./dds.ts";
export type { DdsInfo, DdsSurface, DecodeDdsOptions, DecodedImage } from "./dds.ts";
export { DdsError, type DdsErrorCode } from "./errors.ts";
export { encodeDds, MAX_ENCODE_SIDE } from "./encode.ts";
export type { DdsEncodeFormat, DdsEncodeQuality, EncodeDdsOptions } from "./encode.ts";
