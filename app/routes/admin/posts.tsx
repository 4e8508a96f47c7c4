import { ContentList } from "~/components/admin/content-form/content-list";
import { CONTENT_TEXTS, INTENT } from "~/lib/admin/content-form";
import { parseAdminPage } from "~/lib/pagination";
import { adminAction, fail, INVALID_ID, ok, parseId } from "~/server/admin/form.server";
import { requireAdmin } from "~/server/auth/session.server";
import { deletePost, deleteStoredThumbnail, listAdminPosts } from "~/server/queries/posts-admin.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/posts";

const TEXTS = CONTENT_TEXTS.post;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const list = await listAdminPosts(services().database.db, parseAdminPage(new URL(request.url).searchParams.get("page")));
  return {
    posts: list.rows.map((r) => ({ id: r.id, title: r.title, slug: r.slug, published: r.published === 1, createdAt: r.created_at })),
    paging: { page: list.page, pageCount: list.pageCount, total: list.total },
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle);
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
async function handle(form: FormData) {
  if (form.get("intent") !== INTENT.delete) return fail("Unknown action.");
  const { database, storage } = services();
  const id = parseId(form.get("id"));
  if (!id) return fail(INVALID_ID, undefined, 400, INTENT.delete);
  const deleted = await deletePost(database.db, id);
  if (!deleted) return fail(`${TEXTS.notFound} not found`, undefined, 404, INTENT.delete);
  await deleteStoredThumbnail(storage, deleted.thumbnail);
  return ok(TEXTS.deleted, INTENT.delete);
}

export const meta: Route.MetaFunction = () => [{ title: `${TEXTS.listTitle} · Admin` }, { name: "robots", content: "noindex" }];

export default function ManagePosts({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="post" items={loaderData.posts} paging={loaderData.paging} />;
}
