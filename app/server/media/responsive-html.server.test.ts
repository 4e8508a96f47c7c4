import { describe, expect, it } from "vitest";
import type { MediaItem } from "../queries/media.server.ts";
import { imageKeyFromSrc, imageKeysIn, responsiveImages } from "./responsive-html.server.ts";

const KEY = "site-assets/editor-images/ab12-photo.jpg";
const item = (over: Partial<MediaItem> = {}): MediaItem => ({
  id: 1,
  key: KEY,
  fileName: "photo.jpg",
  mime: "image/jpeg",
  bytes: 300_000,
  width: 2000,
  height: 1000,
  alt: "",
  caption: "",
  variants: [
    { key: "site-assets/editor-images/ab12-photo-480w.jpg", width: 480, height: 240, mime: "image/jpeg", bytes: 20_000 },
    { key: "site-assets/editor-images/ab12-photo-480w.avif", width: 480, height: 240, mime: "image/avif", bytes: 5_000 },
  ],
  createdAt: "2026-11-28T08:00:00.000Z",
  ...over,
});

describe("responsive library images", () => {
  it("finds the storage key in local and CDN addresses only", () => {
    expect(imageKeyFromSrc(`/uploads/${KEY}`)).toBe(KEY);
    expect(imageKeyFromSrc(`https://cdn.example/bucket/${KEY}?v=1`)).toBe(KEY);
    expect(imageKeyFromSrc("/images/site-assets-logo.png")).toBeNull();
    expect(imageKeysIn(`<p><img src="/uploads/${KEY}" alt="" /><img src="/x.png" /></p>`)).toEqual([KEY]);
  });

  it("offers AVIF only when it covers every width the img offers (here 480 but not 2000: none)", () => {
    const html = responsiveImages(`<img src="https://cdn.example/${KEY}" alt="x" loading="lazy" />`, new Map([[KEY, item()]]));
    expect(html).not.toContain("<picture>");
    expect(html).toBe(
      `<img src="https://cdn.example/${KEY}" alt="x" loading="lazy" width="2000" height="1000" srcset="https://cdn.example/site-assets/editor-images/ab12-photo-480w.jpg 480w, https://cdn.example/${KEY} 2000w" sizes="(min-width: 768px) 736px, calc(100vw - 2rem)" />`,
    );
  });

  it("keeps an author's own size and alt text, and escapes what it writes", () => {
    const withAlt = item({ alt: 'A "quoted" <alt>', variants: [] });
    expect(responsiveImages(`<img src="/uploads/${KEY}" alt="Chosen" width="300" />`, new Map([[KEY, withAlt]]))).toBe(`<img src="/uploads/${KEY}" alt="Chosen" width="300" />`);
    expect(responsiveImages(`<img src="/uploads/${KEY}" />`, new Map([[KEY, withAlt]]))).toBe(
      `<img src="/uploads/${KEY}" alt="A &quot;quoted&quot; &lt;alt&gt;" width="2000" height="1000" />`,
    );
  });
});
