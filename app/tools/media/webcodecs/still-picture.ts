// A video track made of one still picture (m4a-to-mp4 and audio → video targets): the chosen image,
// or the file's cover, drawn once on a canvas and encoded at one frame per second for the length
// of the sound.
import { CanvasSource, Quality, type Input, type Output } from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";
import type { TrackPlan } from "#codecs/media/media-types.ts";
import { videoOptions } from "./track-options.ts";

type EncodePlan = Extract<TrackPlan, { action: "encode" }>;

/** Without a size in the plan, a picture is kept at most this big. */
const MAX_WIDTH = 1920;
const MAX_HEIGHT = 1080;
/** A still needs few frames: one a second, a key frame every ten. */
const FRAME_SECONDS = 1;
const KEY_FRAME_SECONDS = 10;

export interface Size {
  width: number;
  height: number;
}

const even = (pixels: number) => Math.max(2, Math.round(pixels / 2) * 2);

/** The video's size: the plan's box (one side given: the other from the picture's shape), else the picture's own size within 1920×1080; even. */
export function stillSize(picture: Size, plan: { width?: number; height?: number }): Size {
  const aspect = picture.width / picture.height;
  if (plan.width !== undefined && plan.height !== undefined) return { width: even(plan.width), height: even(plan.height) };
  if (plan.width !== undefined) return { width: even(plan.width), height: even(plan.width / aspect) };
  if (plan.height !== undefined) return { width: even(plan.height * aspect), height: even(plan.height) };
  const scale = Math.min(1, MAX_WIDTH / picture.width, MAX_HEIGHT / picture.height);
  return { width: even(picture.width * scale), height: even(picture.height * scale) };
}

/** The picture to show: the one the visitor chose, else the file's cover (front cover first). */
export async function stillImage(chosen: File | null, input: Input): Promise<Blob> {
  if (chosen !== null) return chosen;
  const images = (await input.getMetadataTags()).images ?? [];
  const cover = images.find((image) => image.kind === "coverFront") ?? images[0];
  if (cover === undefined) throw new MediaError("This file has no cover picture: choose a picture for the video.", "no-video");
  return new Blob([new Uint8Array(cover.data)], { type: cover.mimeType });
}

/** Draws the picture, letterboxed in black, on a canvas of the video's size. */
export async function drawStill(image: Blob, plan: EncodePlan): Promise<OffscreenCanvas> {
  const bitmap = await createImageBitmap(image).catch((error: unknown) => {
    throw new MediaError("The picture could not be read: use a PNG, JPEG or WebP image.", "bad-option", { cause: error });
  });
  try {
    const size = stillSize(bitmap, plan);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    if (context === null) throw new Error("No 2D context on an OffscreenCanvas.");
    context.fillStyle = "#000";
    context.fillRect(0, 0, size.width, size.height);
    const scale = Math.min(size.width / bitmap.width, size.height / bitmap.height);
    const width = bitmap.width * scale;
    const height = bitmap.height * scale;
    context.drawImage(bitmap, (size.width - width) / 2, (size.height - height) / 2, width, height);
    return canvas;
  } finally {
    bitmap.close();
  }
}

/** Adds the still's video track to `output` (before it starts). */
export function addStillTrack(output: Output, canvas: OffscreenCanvas, plan: EncodePlan): CanvasSource {
  const { codec, quality } = videoOptions(plan);
  if (codec === undefined) throw new MediaError("The plan names no video codec.", "bad-option");
  const source = new CanvasSource(canvas, { codec, quality: quality ?? new Quality("medium"), keyFrameInterval: KEY_FRAME_SECONDS });
  // no frameRate: it would snap the shorter last frame's duration
  output.addVideoTrack(source);
  return source;
}

/** Encodes the still for `seconds`: one frame a second, the last one shorter. */
export async function feedStill(source: CanvasSource, seconds: number): Promise<void> {
  for (let timestamp = 0; timestamp < seconds; timestamp += FRAME_SECONDS) {
    await source.add(timestamp, Math.min(FRAME_SECONDS, seconds - timestamp));
  }
  source.close();
}
