import { describe, expect, it } from "vitest";
import { menuTargetGroups } from "./menu-targets.ts";

describe("what a menu item can link to", () => {
  it("groups the site's pages, posts, tools and categories with their addresses, leaving out empty groups", () => {
    const groups = menuTargetGroups({
      pages: [{ title: "About", slug: "about" }],
      posts: [],
      tools: [{ name: "DDS to PNG", slug: "dds-to-png" }],
      categories: [{ name: "Recipes", slug: "recipes" }],
    });
    expect(groups.map((g) => g.label)).toEqual(["Site", "Pages", "Tools", "Blog categories"]);
    expect(groups.find((g) => g.label === "Pages")!.targets).toEqual([{ label: "About", url: "/page/about" }]);
    expect(groups.find((g) => g.label === "Tools")!.targets).toEqual([{ label: "DDS to PNG", url: "/tool/dds-to-png" }]);
    expect(groups.find((g) => g.label === "Blog categories")!.targets[0]).toEqual({ label: "Recipes", url: "/blog/category/recipes" });
  });
});
