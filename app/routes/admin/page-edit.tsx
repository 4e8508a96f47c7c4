import { ContentEditor } from "#app/components/admin/content-form/content-editor.tsx";
import { contentEditBoundary, contentEditMeta } from "#app/components/admin/content-form/edit-screen.ts";
import { CONTENT_TEXTS, pageFormSchema } from "#app/lib/admin/content-form-schema.ts";
import { AUTOSAVE_INTENT, skipRevalidateOnAutosave } from "#app/lib/admin/autosave.ts";
import { autosaved, autosaveRefusal, createdByAutosave, isAutosave, postedVersion, requestedRevision, revisionList, saveFailure, writeClock } from "#app/server/admin/content-save.server.ts";
import { adminAction, notFound, ok, parseForm, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { sanitizeHtml } from "#app/server/html/sanitize.server.ts";
import { createPage, getAdminPage, updatePage, type AdminPage } from "#app/server/queries/pages-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/page-edit";

// One module for /admin/pages/new (route id admin-page-new) and /admin/pages/:id (admin-page-edit).

const TEXTS = CONTENT_TEXTS.page;

/** Title, excerpt and up to 1 MB of HTML fit well within this. */
const MAX_FORM_BYTES = 6 * 1024 * 1024;

/** The page of an edit URL, or a 404 thrown early (also for ids that are not numbers). */
async function findPage(idParam: string) {
  const id = parseId(idParam) ?? notFound(TEXTS.notFound);
  return (await getAdminPage(services().database.db, id)) ?? notFound(TEXTS.notFound);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!params.id) {
    return { id: null, version: "", revisions: [], revision: null, initial: { title: "", slug: "", excerpt: "", content: "", published: false, seoTitle: "", socialImage: "" } };
  }
  const page = await findPage(params.id);
  const [revisions, revision] = await Promise.all([revisionList("page", page.id), requestedRevision("page", page.id, request)]);
  return {
    id: page.id,
    /** updated_at: an autosave writes only while the row still has it */
    version: page.updated_at,
    revisions,
    /** the revision `?revision=ID` asked for, to load into the editor */
    revision,
    initial: {
      title: page.title,
      slug: page.slug,
      excerpt: page.excerpt,
      content: page.content,
      published: page.published === 1,
      seoTitle: page.seo_title,
      socialImage: page.social_image,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  return adminAction(request, (form) => handle(params, form, session.user.email), { maxBytes: MAX_FORM_BYTES });
}

/** A draft saved while typing: never published, never over a newer save. */
async function autosave(existing: AdminPage | undefined, form: FormData, author: string) {
  const refused = autosaveRefusal(existing, form);
  if (refused) return refused;
  const parsed = parseForm(form, pageFormSchema, undefined, AUTOSAVE_INTENT);
  if (!parsed.ok) return parsed.answer;
  const input = parsed.data;
  const fields = { title: input.title, slug: input.slug, excerpt: input.excerpt, content: sanitizeHtml(input.content), published: false, seoTitle: input.seoTitle, socialImage: input.socialImage };
  const db = services().database.db;
  const { at, clock } = writeClock();
  const revision = { author, source: "autosave" as const };
  const result = existing
    ? await updatePage(db, existing.id, fields, clock, { revision, expectedVersion: postedVersion(form) })
    : await createPage(db, fields, clock, { revision });
  return saveFailure("page", result, AUTOSAVE_INTENT) ?? (await autosaved("page", result.ok ? result.id : 0, at));
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
async function handle(params: { id?: string }, form: FormData, author: string) {
  const existing = params.id ? await findPage(params.id) : undefined;
  if (isAutosave(form)) return autosave(existing, form, author);
  const parsed = parseForm(form, pageFormSchema);
  if (!parsed.ok) return parsed.answer; // the 400 with field messages, for the form rather than the error page
  const input = parsed.data;

  const fields = {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: sanitizeHtml(input.content),
    published: input.published,
    seoTitle: input.seoTitle,
    socialImage: input.socialImage,
  };
  const db = services().database.db;
  const options = { revision: { author, source: "save" as const } };
  const result = existing ? await updatePage(db, existing.id, fields, undefined, options) : await createPage(db, fields, undefined, options);
  return saveFailure("page", result) ?? ok(existing && !createdByAutosave(form) ? TEXTS.updated : TEXTS.created);
}

export const shouldRevalidate = skipRevalidateOnAutosave;

export const meta = contentEditMeta("page");

export default function PageEdit({ loaderData }: Route.ComponentProps) {
  return <ContentEditor kind="page" {...loaderData} />;
}

export const ErrorBoundary = contentEditBoundary("page");
