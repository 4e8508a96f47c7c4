// `localStorage["convert-video-scaler"] = "canvas"` makes the WebCodecs engine resize video on
// mediabunny's canvas even where the encoder could (decision 065). The media benchmark sets it to
// measure both paths, as it sets the thread cap (../shared/thread-cap.ts); a visitor never needs to.
import type { VideoScaler } from "./webcodecs/video-scaling.ts";

export const VIDEO_SCALER_KEY = "convert-video-scaler";

/** "canvas" when set so in this browser; otherwise undefined (the encoder where the browser scales there). */
export function videoScalerSetting(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): VideoScaler | undefined {
  try {
    return storage?.getItem(VIDEO_SCALER_KEY) === "canvas" ? "canvas" : undefined;
  } catch {
    return undefined; // storage refused (a sandboxed frame, blocked cookies)
  }
}
