export { decodeDds, parseDds, selectSurface } from "./dds";
export type { DdsInfo, DdsSurface, DecodeDdsOptions, DecodedImage } from "./dds";
export { DdsError, type DdsErrorCode } from "./errors";
