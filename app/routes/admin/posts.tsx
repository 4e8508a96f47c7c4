import { ContentList } from "#app/components/admin/content-form/content-list.tsx";
import { CONTENT_TEXTS } from "#app/lib/admin/content-form-schema.ts";
import { deleteContent, loadContentList } from "#app/server/admin/content-list.server.ts";
import { adminAction } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { deletePost, deleteStoredThumbnail, listAdminPosts } from "#app/server/queries/posts-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/posts";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { items, paging } = await loadContentList(request, listAdminPosts);
  return { posts: items, paging };
}

/** A post's stored thumbnail goes with it. */
async function removePost(id: number): Promise<boolean> {
  const { database, storage } = services();
  const deleted = await deletePost(database.db, id);
  if (deleted) await deleteStoredThumbnail(storage, deleted.thumbnail);
  return deleted !== undefined;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, (form) => deleteContent("post", form, removePost));
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTENT_TEXTS.post.listTitle} · Admin` }, { name: "robots", content: "noindex" }];

export default function ManagePosts({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="post" items={loaderData.posts} paging={loaderData.paging} />;
}
