import { ContentList } from "~/components/admin/content-form/content-list";
import { CONTENT_TEXTS } from "~/lib/admin/content-form";
import { deleteContent, loadContentList } from "~/server/admin/content-list.server";
import { adminAction } from "~/server/admin/form.server";
import { requireAdmin } from "~/server/auth/session.server";
import { deletePage, listAdminPages } from "~/server/queries/pages-admin.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/pages";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { items, paging } = await loadContentList(request, listAdminPages);
  return { pages: items, paging };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, (form) => deleteContent("page", form, (id) => deletePage(services().database.db, id)));
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTENT_TEXTS.page.listTitle} · Admin` }, { name: "robots", content: "noindex" }];

export default function ManagePages({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="page" items={loaderData.pages} paging={loaderData.paging} />;
}
