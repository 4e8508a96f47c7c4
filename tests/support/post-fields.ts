// A blog post's fields for query tests: a visible post with a title and slug made from `slug`.
import type { PostFields } from "#app/server/queries/posts-admin.server.ts";

export const postFields = (slug: string, fields: Partial<PostFields> = {}): PostFields => ({
  title: `Title ${slug}`,
  slug,
  excerpt: "An excerpt",
  content: "<p>Body</p>",
  thumbnail: "",
  keywords: "",
  published: true,
  ...fields,
});
