// Resizing video in the encoder instead of on an RGB canvas (issue 33, decision 065). The WebCodecs
// spec has a VideoEncoder scale every frame whose visible size differs from its configured size;
// Chromium does it on the YUV planes (libyuv, or the GPU for a hardware encoder). mediabunny's own
// resize draws each frame on a 2D canvas and reads it back as RGBA, which the encoder then converts
// to YUV again: about ten times the work. Pure: when the encoder may scale, and its configuration.
import type { TrackPlan } from "#codecs/media/media-types.ts";
import type { EncoderRequest } from "./encoder-requests.ts";

export interface Size {
  width: number;
  height: number;
}

/** What the input's video track says about its pictures (mediabunny's InputVideoTrack). */
export interface TrackGeometry {
  codedWidth: number;
  codedHeight: number;
  /** the picture's size in square pixels; differs from the coded size for anamorphic video */
  squarePixelWidth: number;
  squarePixelHeight: number;
  /** clockwise degrees the picture is shown turned */
  rotation: number;
}

/** Which resizer runs: the encoder where the browser scales in it, else mediabunny's canvas. */
export type VideoScaler = "encoder" | "canvas";

/**
 * The size the encoder should scale the decoded pictures to, or null when it must not: no resize
 * asked for, or a picture that is turned or not made of square pixels (those go through the canvas,
 * which turns and stretches them as mediabunny does).
 */
export function encoderScaleSize(track: TrackGeometry, plan: TrackPlan): Size | null {
  if (plan.action !== "encode" || plan.width === undefined || plan.height === undefined) return null;
  // the bitrate names the conversion to the encoder registry below (the plan always sets one for video)
  if (plan.bitrate === undefined) return null;
  if (track.rotation % 360 !== 0) return null;
  if (track.squarePixelWidth !== track.codedWidth || track.squarePixelHeight !== track.codedHeight) return null;
  if (plan.width === track.codedWidth && plan.height === track.codedHeight) return null;
  // the plan keeps the picture's shape (plan.ts scaledSize): the encoder's stretch is at most the even rounding
  return { width: plan.width, height: plan.height };
}

/** mediabunny's encoder configuration, made for the source's size, turned into one that outputs `size`. */
export function scaledEncoderConfig(config: VideoEncoderConfig, size: Size): VideoEncoderConfig {
  // the display size was the source's: the output's pictures are square pixels of the new size
  const { displayWidth: _displayWidth, displayHeight: _displayHeight, ...rest } = config;
  return { ...rest, width: size.width, height: size.height, alpha: "discard" };
}

/**
 * One conversion's wish: its video (this codec at this bitrate) goes out at `size`. The bitrate is the
 * plan's, computed for the output's size (plan.ts): the encoder finds the wish by codec and bitrate.
 * `taken`: a conversion checks the video was not encoded at the source's size.
 */
export interface ScaleRequest extends EncoderRequest {
  codec: string;
  bitrate: number;
  size: Size;
}
