import { ContentForm } from "#app/components/admin/content-form/content-form.tsx";
import { contentEditBoundary, contentEditMeta } from "#app/components/admin/content-form/edit-screen.ts";
import { CONTENT_TEXTS, postFormSchema, THUMBNAIL_FILE_FIELD } from "#app/lib/admin/content-form-schema.ts";
import { adminAction, chosenFile, fail, notFound, ok, parseForm, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { sanitizeHtml } from "#app/server/html/sanitize.server.ts";
import { listCategories, postCategoryIds, setPostCategories } from "#app/server/queries/categories.server.ts";
import { createPost, deleteStoredThumbnail, getAdminPost, updatePost } from "#app/server/queries/posts-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import { uploadImage, UploadError } from "#app/server/storage/uploads.server.ts";
import type { Route } from "./+types/post-edit";

// One module for /admin/blog/new (route id admin-post-new) and /admin/blog/:id (admin-post-edit).

const TEXTS = CONTENT_TEXTS.post;

/** Title, excerpt, keywords, up to 1 MB of HTML and a 5 MB thumbnail fit well within this. */
const MAX_FORM_BYTES = 12 * 1024 * 1024;

/** The post of an edit URL, or a 404 thrown early (also for ids that are not numbers). */
async function findPost(idParam: string) {
  const id = parseId(idParam) ?? notFound(TEXTS.notFound);
  return (await getAdminPost(services().database.db, id)) ?? notFound(TEXTS.notFound);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = services().database;
  const categories = (await listCategories(db)).map(({ id, name }) => ({ id, name }));
  if (!params.id) {
    return {
      id: null,
      categories,
      initial: { title: "", slug: "", excerpt: "", content: "", keywords: "", thumbnail: "", published: false, seoTitle: "", socialImage: "", categoryIds: [] },
    };
  }
  const post = await findPost(params.id);
  return {
    id: post.id,
    categories,
    initial: {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      keywords: post.keywords,
      thumbnail: post.thumbnail,
      published: post.published === 1,
      seoTitle: post.seo_title,
      socialImage: post.social_image,
      categoryIds: await postCategoryIds(db, post.id),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, (form) => handle(params, form), {
  maxBytes: MAX_FORM_BYTES,
  tooLarge: "The form is too large. Thumbnails can be up to 5 MB.",
});
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
async function handle(params: { id?: string }, form: FormData) {
  const existing = params.id ? await findPost(params.id) : undefined;
  const parsed = parseForm(form, postFormSchema);
  if (!parsed.ok) return parsed.answer; // the 400 with field messages, for the form rather than the error page
  const input = parsed.data;

  const { storage } = services();
  let thumbnail = input.removeThumbnail ? "" : (existing?.thumbnail ?? "");
  let uploadedKey: string | undefined;
  const file = chosenFile(form.get(THUMBNAIL_FILE_FIELD));
  if (file) {
    try {
      const uploaded = await uploadImage(storage, { prefix: "blog-thumbnails/", file });
      thumbnail = uploaded.url;
      uploadedKey = uploaded.key;
    } catch (error) {
      if (error instanceof UploadError) return fail(error.message, { [THUMBNAIL_FILE_FIELD]: error.message });
      throw error;
    }
  }

  const fields = {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: sanitizeHtml(input.content),
    keywords: input.keywords,
    thumbnail,
    published: input.published,
    seoTitle: input.seoTitle,
    socialImage: input.socialImage,
  };
  const db = services().database.db;
  const result = existing ? await updatePost(db, existing.id, fields) : await createPost(db, fields);
  if (!result.ok) {
    // nothing was saved: do not leave the new upload behind
    if (uploadedKey) await storage.disk.delete(uploadedKey).catch(() => undefined);
    if (result.reason === "duplicate-slug") return fail(TEXTS.duplicateSlug, { slug: TEXTS.duplicateSlug });
    notFound(TEXTS.notFound);
  }
  await setPostCategories(db, result.id, input.categories);
  // the replaced or removed thumbnail file is no longer used
  if (existing?.thumbnail && existing.thumbnail !== thumbnail) await deleteStoredThumbnail(storage, existing.thumbnail);
  return ok(existing ? TEXTS.updated : TEXTS.created);
}

export const meta = contentEditMeta("post");

export default function PostEdit({ loaderData }: Route.ComponentProps) {
  const { id, initial, categories } = loaderData;
  return <ContentForm key={id ?? "new"} kind="post" mode={id ? "edit" : "create"} initial={initial} categories={categories} />;
}

export const ErrorBoundary = contentEditBoundary("post");
