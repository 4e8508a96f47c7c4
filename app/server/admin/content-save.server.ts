import { AUTOSAVE_INTENT, AUTOSAVE_TEXTS, CREATED_BY_AUTOSAVE_FIELD, type AutosaveSaved } from "#app/lib/admin/autosave.ts";
import { CONTENT_TEXTS, type ContentKind } from "#app/lib/admin/content-form-schema.ts";
import type { LoadedRevision, RevisionItem } from "#app/lib/admin/revisions.ts";
import { nowIso } from "#app/server/db/connection.server.ts";
import type { SaveResult } from "#app/server/queries/pages-admin.server.ts";
import { listRevisions, getRevision } from "#app/server/queries/revisions.server.ts";
import { services } from "#app/server/services.server.ts";
import { fail, notFound, ok, parseId } from "./form.server.ts";

// What the post and page edit routes share about saving (issue 29, finding 6; decision 044): the
// autosave's rules and answers, and the revisions the editor lists and restores.

/** Whether the posted form is an autosave (the Save button posts no intent). */
export const isAutosave = (form: FormData) => form.get("intent") === AUTOSAVE_INTENT;

/**
 * Why an autosave may not write, before it parses anything: a published row is never autosaved (its
 * live text changes only with Save), and an existing row needs the version the editor loaded.
 */
export function autosaveRefusal(existing: { published: number } | undefined, form: FormData) {
  if (existing?.published === 1) return fail(AUTOSAVE_TEXTS.publishedOnly, undefined, 409, AUTOSAVE_INTENT);
  const version = form.get("version");
  if (existing && (typeof version !== "string" || version === "")) return fail(AUTOSAVE_TEXTS.missingVersion, undefined, 400, AUTOSAVE_INTENT);
  return null;
}

/** The Create button of a new one the autosave already stored (it posts to the row's address): it still says "created". */
export const createdByAutosave = (form: FormData) => form.get(CREATED_BY_AUTOSAVE_FIELD) === "1";

/** The version an autosave was edited from ("" on a new row). */
export const postedVersion = (form: FormData) => String(form.get("version") ?? "");

/** One timestamp per write, so the answer can carry the version the row now has. */
export function writeClock() {
  const at = nowIso();
  return { at, clock: () => at };
}

/** The answer to a save's failure (null when it succeeded): the slug's message, the stale version's, or a 404. */
export function saveFailure(kind: ContentKind, result: SaveResult, intent?: string) {
  if (result.ok) return null;
  const texts = CONTENT_TEXTS[kind];
  if (result.reason === "duplicate-slug") return fail(texts.duplicateSlug, { slug: texts.duplicateSlug }, 400, intent);
  if (result.reason === "stale") return fail(AUTOSAVE_TEXTS.stale, undefined, 409, intent);
  return notFound(texts.notFound);
}

export const autosaved = async (kind: ContentKind, id: number, version: string): Promise<AutosaveSaved> => ({
  ...ok(AUTOSAVE_TEXTS.saved, AUTOSAVE_INTENT),
  intent: AUTOSAVE_INTENT,
  id,
  version,
  revisions: await revisionList(kind, id),
});

/** The editor's Revisions list: when, who, and whether it was an autosave. */
export async function revisionList(kind: ContentKind, contentId: number): Promise<RevisionItem[]> {
  const rows = await listRevisions(services().database.db, kind, contentId);
  return rows.map((r) => ({ id: r.id, title: r.title, savedAt: r.saved_at, author: r.author, autosave: r.source === "autosave" }));
}

/** The revision `?revision=ID` asks for (to load into the editor), null when none is asked; a 404 for another row's or an unknown one. */
export async function requestedRevision(kind: ContentKind, contentId: number, request: Request): Promise<LoadedRevision | null> {
  const asked = new URL(request.url).searchParams.get("revision");
  if (asked === null) return null;
  const id = parseId(asked) ?? notFound("Revision");
  const row = (await getRevision(services().database.db, kind, contentId, id)) ?? notFound("Revision");
  return { id: row.id, savedAt: row.saved_at, title: row.title, slug: row.slug, excerpt: row.excerpt, content: row.content, keywords: row.keywords, seoTitle: row.seo_title, socialImage: row.social_image };
}
