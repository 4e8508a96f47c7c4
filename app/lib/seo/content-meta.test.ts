import { describe, expect, it } from "vitest";
import * as blogPost from "#app/routes/site/blog-post.tsx";
import * as staticPage from "#app/routes/site/page.tsx";
import { contentHeadFields } from "./content-meta.ts";
import { SITE_LAYOUT_ROUTE_ID } from "./route-meta.ts";

// A post's or page's SEO title and social image (issue 29, finding 11), as the head tags show them.

const ORIGIN = "https://tools.example.com";
const shell = {
  id: SITE_LAYOUT_ROUTE_ID,
  loaderData: { origin: ORIGIN, site: { name: "Convert", homeTitle: "", titleTemplate: "{page} | {site}", description: "Site", keywords: "", ogImage: "/uploads/default.png", twitterHandle: "" } },
};

type Tag = Record<string, string>;
function tags(route: { meta: (args: never) => unknown }, loaderData: unknown): Record<string, string | undefined> {
  const all = route.meta({ loaderData, matches: [shell], location: { pathname: "/", search: "" }, params: {} } as never) as Tag[];
  const by = (key: string, value: string) => all.find((t) => t[key] === value)?.content;
  return {
    title: all.find((t) => "title" in t)?.title,
    ogTitle: by("property", "og:title"),
    twitterTitle: by("name", "twitter:title"),
    ogImage: by("property", "og:image"),
    twitterImage: by("name", "twitter:image"),
    description: by("name", "description"),
  };
}

const post = (extra: Record<string, string> = {}) => ({
  related: [],
  post: { slug: "p", title: "How to convert DDS", excerpt: "Short answer.", thumbnail: "", keywords: "", seoTitle: "", socialImage: "", createdAt: "", updatedAt: "", html: "", readingMinutes: 1, ...extra },
});

describe("contentHeadFields", () => {
  it("uses the SEO title instead of the title, and the social image before the thumbnail", () => {
    expect(contentHeadFields({ title: "T", seoTitle: "  ", socialImage: "", thumbnail: "" })).toEqual({ title: "T", ogImage: "" });
    expect(contentHeadFields({ title: "T", seoTitle: "Better T", socialImage: "", thumbnail: "/thumb.png" })).toEqual({ title: "Better T", ogImage: "/thumb.png" });
    expect(contentHeadFields({ title: "T", seoTitle: "", socialImage: "/card.png", thumbnail: "/thumb.png" })).toEqual({ title: "T", ogImage: "/card.png" });
  });
});

describe("a post's head tags", () => {
  it("without SEO fields: the title through the template, the thumbnail, then the site's image", () => {
    expect(tags(blogPost, post())).toEqual({
      title: "How to convert DDS | Convert",
      ogTitle: "How to convert DDS | Convert",
      twitterTitle: "How to convert DDS | Convert",
      ogImage: `${ORIGIN}/uploads/default.png`,
      twitterImage: `${ORIGIN}/uploads/default.png`,
      description: "Short answer.",
    });
    expect(tags(blogPost, post({ thumbnail: "/uploads/blog-thumbnails/t.png" })).ogImage).toBe(`${ORIGIN}/uploads/blog-thumbnails/t.png`);
  });

  it("with an SEO title and a social image: they replace the title and image in <title>, og: and twitter: tags", () => {
    const head = tags(blogPost, post({ seoTitle: "DDS to PNG in 10 seconds", socialImage: "https://cdn.example.com/card.png", thumbnail: "/uploads/blog-thumbnails/t.png" }));
    expect(head).toEqual({
      title: "DDS to PNG in 10 seconds | Convert",
      ogTitle: "DDS to PNG in 10 seconds | Convert",
      twitterTitle: "DDS to PNG in 10 seconds | Convert",
      ogImage: "https://cdn.example.com/card.png",
      twitterImage: "https://cdn.example.com/card.png",
      description: "Short answer.",
    });
  });

  it("works the same for a static page", () => {
    const page = { page: { slug: "about", title: "About", excerpt: "Who we are.", seoTitle: "About the team", socialImage: "/uploads/team.png", html: "" } };
    expect(tags(staticPage, page)).toMatchObject({ title: "About the team | Convert", ogTitle: "About the team | Convert", ogImage: `${ORIGIN}/uploads/team.png` });
  });
});
