import { describe, expect, it } from "vitest";
import { TOOLS } from "#app/tools/registry.ts";
import { crossesIsolation, isIsolatedPath, isolatedToolPaths, withCredentiallessFrames } from "./isolation.ts";

describe("cross-origin isolated tool pages", () => {
  const paths = isolatedToolPaths(TOOLS);

  it("are the media tools (ffmpeg can share memory between threads), aliases included, and nothing else", () => {
    expect(paths).toContain("/tool/video-converter");
    expect(paths).toContain("/tool/mp3-converter");
    expect(paths).not.toContain("/tool/dds-to-png");
    expect(paths).not.toContain("/tool/midi-converter");
    const media = TOOLS.filter((tool) => tool.media);
    expect(paths).toHaveLength(media.reduce((n, tool) => n + 1 + tool.aliases.length, 0));
  });

  it("a link crosses the boundary into or out of an isolated page, not between two pages on one side", () => {
    expect(crossesIsolation("/", "/tool/video-converter", paths)).toBe(true);
    expect(crossesIsolation("/tool/video-converter", "/blog", paths)).toBe(true);
    expect(crossesIsolation("/tool/video-converter", "/tool/mp3-converter", paths)).toBe(false);
    expect(crossesIsolation("/", "/tool/dds-to-png", paths)).toBe(false);
    expect(isIsolatedPath("/tool/video-converter/", paths)).toBe(true);
  });
});

describe("withCredentiallessFrames", () => {
  it("marks every frame of an ad's code, once, and leaves the rest as written", () => {
    const code = '<div><IFRAME src="https://a.example/x"></IFRAME><iframe credentialless src="b"></iframe><iframes-are-not-this></div>';
    expect(withCredentiallessFrames(code)).toBe('<div><iframe credentialless src="https://a.example/x"></IFRAME><iframe credentialless src="b"></iframe><iframes-are-not-this></div>');
    expect(withCredentiallessFrames(withCredentiallessFrames(code))).toBe(withCredentiallessFrames(code));
  });
});
