import { ContentList } from "#app/components/admin/content-form/content-list.tsx";
import { CONTENT_TEXTS } from "#app/lib/admin/content-form-schema.ts";
import { deleteContent, loadContentList } from "#app/server/admin/content-list.server.ts";
import { adminAction } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { deletePage, listAdminPages } from "#app/server/queries/pages-admin.server.ts";
import { services } from "#app/server/services.server.ts";
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
