import { ContentList } from "~/components/admin/content-form/content-list";
import { CONTENT_TEXTS } from "~/lib/admin/content-form";
import { deleteContent, loadContentList } from "~/server/admin/content-list.server";
import { adminAction } from "~/server/admin/form.server";
import { requireAdmin } from "~/server/auth/session.server";
import { deletePost, deleteStoredThumbnail, listAdminPosts } from "~/server/queries/posts-admin.server";
import { services } from "~/server/services.server";
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
