// Audio and video to MP3, WAV, OGG, M4A, AAC, FLAC or WMA: the media page's code and engine (../media-convert.ts).
export { convertMedia as convert } from "../media-convert.ts";
