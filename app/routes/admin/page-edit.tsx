import { ContentForm } from "#app/components/admin/content-form/content-form.tsx";
import { contentEditBoundary, contentEditMeta } from "#app/components/admin/content-form/edit-screen.ts";
import { CONTENT_TEXTS, pageFormSchema } from "#app/lib/admin/content-form-schema.ts";
import { adminAction, fail, notFound, ok, parseForm, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { sanitizeHtml } from "#app/server/html/sanitize.server.ts";
import { createPage, getAdminPage, updatePage } from "#app/server/queries/pages-admin.server.ts";
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
  if (!params.id) return { id: null, initial: { title: "", slug: "", excerpt: "", content: "", published: false, seoTitle: "", socialImage: "" } };
  const page = await findPage(params.id);
  return {
    id: page.id,
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
  await requireAdmin(request);
  return adminAction(request, (form) => handle(params, form), { maxBytes: MAX_FORM_BYTES });
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
async function handle(params: { id?: string }, form: FormData) {
  const existing = params.id ? await findPage(params.id) : undefined;
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
  const result = existing ? await updatePage(db, existing.id, fields) : await createPage(db, fields);
  if (!result.ok) {
    if (result.reason === "duplicate-slug") return fail(TEXTS.duplicateSlug, { slug: TEXTS.duplicateSlug });
    notFound(TEXTS.notFound);
  }
  return ok(existing ? TEXTS.updated : TEXTS.created);
}

export const meta = contentEditMeta("page");

export default function PageEdit({ loaderData }: Route.ComponentProps) {
  const { id, initial } = loaderData;
  return <ContentForm key={id ?? "new"} kind="page" mode={id ? "edit" : "create"} initial={initial} />;
}

export const ErrorBoundary = contentEditBoundary("page");
