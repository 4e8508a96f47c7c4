import type { ContentKind } from "#app/lib/admin/content-form-schema.ts";
import type { LoadedRevision, RevisionItem } from "#app/lib/admin/revisions.ts";
import { ContentForm } from "./content-form.tsx";
import type { ContentFormValues } from "./types.ts";

/**
 * The post or page editor as its route loads it: the form, started from the saved row or, when a
 * revision is being restored (?revision=ID), from that revision's text (then unsaved until saved).
 */
export function ContentEditor({
  kind,
  id,
  version,
  initial,
  revisions,
  revision,
  categories,
}: {
  kind: ContentKind;
  id: number | null;
  version: string;
  initial: ContentFormValues;
  revisions: RevisionItem[];
  revision: LoadedRevision | null;
  /** posts only: the categories to choose from */
  categories?: readonly { id: number; name: string }[];
}) {
  const values: ContentFormValues = revision
    ? {
        ...initial,
        title: revision.title,
        slug: revision.slug,
        excerpt: revision.excerpt,
        content: revision.content,
        seoTitle: revision.seoTitle,
        socialImage: revision.socialImage,
        ...(kind === "post" ? { keywords: revision.keywords } : {}),
      }
    : initial;
  return (
    <ContentForm
      key={`${id ?? "new"}:${revision?.id ?? ""}`}
      kind={kind}
      mode={id ? "edit" : "create"}
      id={id}
      version={version}
      initial={values}
      revisions={revisions}
      loadedRevision={revision}
      categories={categories}
    />
  );
}
