export { decodeDds, parseDds, selectSurface } from "./dds";
export type { DdsInfo, DdsSurface, DecodeDdsOptions, DecodedImage } from "./dds";
export { DdsError, type DdsErrorCode } from "./errors";
export { encodeDds, MAX_ENCODE_SIDE } from "./encode.ts";
export type { DdsEncodeFormat, DdsEncodeQuality, EncodeDdsOptions } from "./encode.ts";
