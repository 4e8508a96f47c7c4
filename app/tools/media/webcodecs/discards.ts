// Why mediabunny left a wanted track out of a conversion, as a MediaError the visitor can read.
import type { DiscardedTrack, InputTrack } from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";
import type { TrackPlan } from "#codecs/media/media-types.ts";

export interface WantedTrack {
  track: InputTrack;
  plan: TrackPlan;
  kind: "audio" | "video";
}

export function describeDiscard(reason: DiscardedTrack["reason"], wanted: WantedTrack, container: string): MediaError {
  const { kind, plan, track } = wanted;
  const source = track.codec ?? "unknown";
  const target = plan.action === "drop" ? "" : plan.codec;
  switch (reason) {
    case "undecodable_source_codec":
      return new MediaError(`This browser cannot decode the ${source} ${kind} in this file.`, "no-decoder");
    case "unknown_source_codec":
      return new MediaError(`The WebCodecs engine does not know the ${kind} codec of this file.`, "needs-ffmpeg");
    case "no_encodable_target_codec":
      return new MediaError(`This browser cannot encode ${target} ${kind} for a ${container.toUpperCase()} file.`, "no-encoder");
    case "cannot_copy":
      return new MediaError(`The ${source} ${kind} cannot be copied into a ${container.toUpperCase()} file as planned.`, "engine-failed");
    case "max_track_count_reached":
    case "max_track_count_of_type_reached":
      return new MediaError(`A ${container.toUpperCase()} file cannot hold this ${kind} track.`, "bad-option");
    case "discarded_by_user":
      return new MediaError(`The ${kind} track was dropped although the plan keeps it.`, "engine-failed");
  }
}
