// Video (and an M4A) to MP4, WebM, MKV, MOV, AVI or FLV: the media page's code and engine (../media-convert.ts).
export { convertMedia as convert } from "../media-convert.ts";
