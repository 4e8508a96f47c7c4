import { describe, expect, it } from "vitest";
import { EncoderRequests } from "./encoder-requests.ts";
import type { ScaleRequest } from "./video-scaling.ts";

describe("EncoderRequests", () => {
  it("finds an open request by codec and bitrate, and not once it is closed", () => {
    const requests = new EncoderRequests<ScaleRequest>();
    const find = (codec: string, config: { bitrate: number }) => requests.find((request) => request.codec === codec && request.bitrate === config.bitrate);
    const close = requests.open({ codec: "avc", bitrate: 1_500_000, size: { width: 854, height: 480 }, taken: false });
    expect(find("avc", { bitrate: 1_500_000 })?.size).toEqual({ width: 854, height: 480 });
    expect(find("vp9", { bitrate: 1_500_000 })).toBeUndefined();
    expect(find("avc", { bitrate: 2_000_000 })).toBeUndefined();
    close();
    expect(find("avc", { bitrate: 1_500_000 })).toBeUndefined();
  });
});
