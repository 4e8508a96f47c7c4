export { encodeIco, IcoError, MAX_ICO_SIDE, type IcoErrorCode } from "./encode.ts";
export { ICO_SIZES, ICO_DEFAULT_SIZES } from "./sizes.ts";
