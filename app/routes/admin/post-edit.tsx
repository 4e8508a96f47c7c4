import { ContentEditor } from "#app/components/admin/content-form/content-editor.tsx";
import { contentEditBoundary, contentEditMeta } from "#app/components/admin/content-form/edit-screen.ts";
import { CONTENT_TEXTS, PUBLISH_MODE, postFormSchema, SCHEDULE_TIME_MESSAGE, THUMBNAIL_FILE_FIELD } from "#app/lib/admin/content-form-schema.ts";
import { autosaved, autosaveRefusal, createdByAutosave, isAutosave, postedVersion, requestedRevision, revisionList, saveFailure, writeClock } from "#app/server/admin/content-save.server.ts";
import { formatInZone, isScheduled, utcToWallTime, wallTimeToUtc } from "#app/lib/schedule.ts";
import { adminAction, chosenFile, fail, notFound, ok, parseForm, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import { sanitizeHtml } from "#app/server/html/sanitize.server.ts";
import { listCategories, postCategoryIds, setPostCategories } from "#app/server/queries/categories.server.ts";
import { createPost, deleteStoredThumbnail, getAdminPost, updatePost, type AdminPost } from "#app/server/queries/posts-admin.server.ts";
import { AUTOSAVE_INTENT, skipRevalidateOnAutosave } from "#app/lib/admin/autosave.ts";
import { services } from "#app/server/services.server.ts";
import { discardUpload, uploadImage, UploadError } from "#app/server/storage/uploads.server.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import type { ScheduleValues } from "#app/components/admin/content-form/types.ts";
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

/** The schedule control's start: the stored instant as a wall time in the site time zone. */
function scheduleValues(post: { published: number; publish_at: string | null } | undefined, timeZone: string): ScheduleValues {
  const at = post?.publish_at ?? null;
  return {
    mode: at ? PUBLISH_MODE.schedule : PUBLISH_MODE.now,
    wallTime: at ? utcToWallTime(at, timeZone) : "",
    timeZone,
    scheduledFor: post && at && isScheduled({ published: post.published, publishAt: at }, publishNow()) ? formatInZone(at, timeZone) : null,
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = services().database;
  const [{ siteTimeZone }, categoryRows] = await Promise.all([siteSettings(db), listCategories(db)]);
  const categories = categoryRows.map(({ id, name }) => ({ id, name }));
  if (!params.id) {
    return {
      id: null,
      version: "",
      revisions: [],
      revision: null,
      categories,
      initial: {
        title: "",
        slug: "",
        excerpt: "",
        content: "",
        keywords: "",
        thumbnail: "",
        published: false,
        seoTitle: "",
        socialImage: "",
        categoryIds: [],
        schedule: scheduleValues(undefined, siteTimeZone),
      },
    };
  }
  const post = await findPost(params.id);
  const [revisions, revision] = await Promise.all([revisionList("post", post.id), requestedRevision("post", post.id, request)]);
  return {
    id: post.id,
    /** updated_at: an autosave writes only while the row still has it */
    version: post.updated_at,
    revisions,
    /** the revision `?revision=ID` asked for, to load into the editor */
    revision,
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
      schedule: scheduleValues(post, siteTimeZone),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  return adminAction(request, (form) => handle(params, form, { id: session.user.id, email: session.user.email }), {
    maxBytes: MAX_FORM_BYTES,
    tooLarge: "The form is too large. Thumbnails can be up to 5 MB.",
  });
}

/** A draft saved while typing: never published, never over a newer save, the thumbnail left as it is. */
async function autosave(existing: AdminPost | undefined, form: FormData, author: string) {
  const refused = autosaveRefusal(existing, form);
  if (refused) return refused;
  const parsed = parseForm(form, postFormSchema, undefined, AUTOSAVE_INTENT);
  if (!parsed.ok) return parsed.answer;
  const input = parsed.data;
  const fields = {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: sanitizeHtml(input.content),
    keywords: input.keywords,
    thumbnail: existing?.thumbnail ?? "",
    published: false,
    seoTitle: input.seoTitle,
    socialImage: input.socialImage,
  };
  const db = services().database.db;
  const { at, clock } = writeClock();
  const revision = { author, source: "autosave" as const };
  const result = existing
    ? await updatePost(db, existing.id, fields, clock, { revision, expectedVersion: postedVersion(form) })
    : await createPost(db, fields, clock, { revision });
  if (result.ok) await setPostCategories(db, result.id, input.categories);
  return saveFailure("post", result, AUTOSAVE_INTENT) ?? (await autosaved("post", result.ok ? result.id : 0, at));
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
async function handle(params: { id?: string }, form: FormData, user: { id: string; email: string }) {
  const author = user.email;
  const existing = params.id ? await findPost(params.id) : undefined;
  if (isAutosave(form)) return autosave(existing, form, author);
  const parsed = parseForm(form, postFormSchema);
  if (!parsed.ok) return parsed.answer; // the 400 with field messages, for the form rather than the error page
  const input = parsed.data;

  // the typed wall time is in the site time zone (shown beside the input): stored as UTC
  let publishAt: string | null = null;
  if (input.publishMode === PUBLISH_MODE.schedule) {
    publishAt = wallTimeToUtc(input.publishAt, (await siteSettings(services().database.db)).siteTimeZone);
    if (!publishAt) return fail(SCHEDULE_TIME_MESSAGE, { publishAt: SCHEDULE_TIME_MESSAGE });
  }

  const { storage, database } = services();
  let thumbnail = input.removeThumbnail ? "" : (existing?.thumbnail ?? "");
  let uploadedKey: string | undefined;
  const file = chosenFile(form.get(THUMBNAIL_FILE_FIELD));
  if (file) {
    try {
      const uploaded = await uploadImage(storage, { prefix: "blog-thumbnails/", file, library: { db: database.db, uploadedBy: user.id } });
      thumbnail = uploaded.url;
      uploadedKey = uploaded.key;
    } catch (error) {
      if (error instanceof UploadError) return fail(error.message, { [THUMBNAIL_FILE_FIELD]: error.message }, error.status);
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
    publishAt,
    seoTitle: input.seoTitle,
    socialImage: input.socialImage,
  };
  const db = services().database.db;
  const options = { revision: { author, source: "save" as const } };
  const result = existing ? await updatePost(db, existing.id, fields, undefined, options) : await createPost(db, fields, undefined, options);
  if (!result.ok) {
    // nothing was saved: do not leave the new upload behind
    if (uploadedKey) await discardUpload(storage, database.db, uploadedKey);
    return saveFailure("post", result);
  }
  await setPostCategories(db, result.id, input.categories);
  // the replaced or removed thumbnail file is no longer used
  if (existing?.thumbnail && existing.thumbnail !== thumbnail) await deleteStoredThumbnail(storage, existing.thumbnail, database.db);
  return ok(existing && !createdByAutosave(form) ? TEXTS.updated : TEXTS.created);
}

export const shouldRevalidate = skipRevalidateOnAutosave;

export const meta = contentEditMeta("post");

export default function PostEdit({ loaderData }: Route.ComponentProps) {
  return <ContentEditor kind="post" {...loaderData} />;
}

export const ErrorBoundary = contentEditBoundary("post");
