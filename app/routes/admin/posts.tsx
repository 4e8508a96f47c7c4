import { ContentList } from "#app/components/admin/content-form/content-list.tsx";
import { FeedSettings } from "#app/components/admin/feed-settings.tsx";
import { CONTENT_TEXTS, INTENT } from "#app/lib/admin/content-form-schema.ts";
import { FEED_INTENT, FEED_SAVED, feedFormSchema } from "#app/lib/admin/feed-form.ts";
import { deleteContent, loadContentList } from "#app/server/admin/content-list.server.ts";
import { adminAction, byIntent, ok, parseForm } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { deletePost, deleteStoredThumbnail, listAdminPosts } from "#app/server/queries/posts-admin.server.ts";
import { saveSettings } from "#app/server/queries/settings-admin.server.ts";
import { SETTINGS, siteSettings } from "#app/server/queries/settings.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/posts";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [{ items, paging }, settings] = await Promise.all([loadContentList(request, listAdminPosts), siteSettings(services().database.db)]);
  return { posts: items, paging, feedFullContent: settings.feedFullContent };
}

/** A post's stored thumbnail goes with it. */
async function removePost(id: number): Promise<boolean> {
  const { database, storage } = services();
  const deleted = await deletePost(database.db, id);
  if (deleted) await deleteStoredThumbnail(storage, deleted.thumbnail, database.db);
  return deleted !== undefined;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(
    request,
    byIntent({
      [INTENT.delete]: (form) => deleteContent("post", form, removePost),
      [FEED_INTENT]: async (form, intent) => {
        const parsed = parseForm(form, feedFormSchema, undefined, intent);
        if (!parsed.ok) return parsed.answer;
        await saveSettings(services().database.db, { [SETTINGS.feedFullContent.key]: String(parsed.data.feedContent === "full") });
        return ok(FEED_SAVED, intent);
      },
    }),
  );
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTENT_TEXTS.post.listTitle} · Admin` }, { name: "robots", content: "noindex" }];

export default function ManagePosts({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ContentList kind="post" items={loaderData.posts} paging={loaderData.paging} />
      <FeedSettings fullContent={loaderData.feedFullContent} />
    </>
  );
}
