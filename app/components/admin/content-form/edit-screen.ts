import type { MetaDescriptor } from "react-router";
import { editScreenBoundary } from "#app/components/route-error-boundary.tsx";
import { CONTENT_TEXTS, type ContentKind } from "#app/lib/admin/content-form-schema.ts";

// What the post and page edit routes share besides the form: their title and their error screen.

/** The route's meta: "Edit Post" / "Add Post" (by whether the loader found an id), never indexed. */
export function contentEditMeta(kind: ContentKind) {
  const texts = CONTENT_TEXTS[kind];
  return ({ loaderData }: { loaderData?: { id: number | null } | undefined }): MetaDescriptor[] => [
    { title: `${loaderData?.id ? texts.editTitle : texts.newTitle} · Admin` },
    { name: "robots", content: "noindex" },
  ];
}

/** The route's error boundary: "Post not found" for a 404, a failure note otherwise, both with the way back to the list. */
export function contentEditBoundary(kind: ContentKind) {
  const { noun, listPath } = CONTENT_TEXTS[kind];
  const lower = noun.toLowerCase();
  return editScreenBoundary({ noun, back: { to: listPath, label: `Back to ${lower}s` }, failed: `The ${lower} could not be loaded or saved. Please try again.` });
}
