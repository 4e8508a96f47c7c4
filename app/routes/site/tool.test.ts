import { expect, it } from "vitest";
import { SITE_LAYOUT_ROUTE_ID } from "#app/lib/seo/route-meta.ts";
import { meta } from "./tool.tsx";

// Issue 30: a tool's options travel in its query (/tool/png-to-dds-converter?format=bc7), but
// search engines see one canonical URL per tool, parameter-free.

const ORIGIN = "http://localhost:3999";
const shell = { id: SITE_LAYOUT_ROUTE_ID, loaderData: { origin: ORIGIN, site: { name: "Site", homeTitle: "Site", titleTemplate: "{page} | {site}", description: "d", keywords: "", ogImage: "", twitterHandle: "" } } };
const tool = { slug: "png-to-dds-converter", name: "PNG to DDS", description: "d", category: "Image", icon: "", metaDescription: "", metaKeywords: "", contentHtml: "", learnMoreHtml: "" };

it("gives a tool page opened with settings in its query the parameter-free canonical URL", () => {
  const tags = meta({
    loaderData: { tool, related: [] },
    matches: [shell],
    location: { pathname: "/tool/png-to-dds-converter", search: "?format=bc7&quality=best&mips=1", hash: "", state: null, key: "k" },
    params: { slug: "png-to-dds-converter" },
  } as never) as Record<string, string>[];
  const canonical = tags.find((t) => t.tagName === "link" && t.rel === "canonical")?.href;
  expect(canonical).toBe(`${ORIGIN}/tool/png-to-dds-converter`);
  const ogUrl = tags.find((t) => t.property === "og:url")?.content;
  if (ogUrl !== undefined) expect(ogUrl).toBe(`${ORIGIN}/tool/png-to-dds-converter`);
});
