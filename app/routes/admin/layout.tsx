import { Form, Outlet } from "react-router";
import { AdminSidebar, MobileSidebar, SidebarToggle, useSidebarState } from "#app/components/admin/admin-sidebar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { sidebarExpandedFromCookie } from "#app/lib/admin-nav.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const settings = await siteSettings(services().database.db);
  return {
    email: session.user.email,
    sidebarExpanded: sidebarExpandedFromCookie(request.headers.get("cookie")),
    look: {
      logo: settings.sidebarLogo || settings.siteLogo,
      bgColor: settings.sidebarBgColor,
      textColor: settings.sidebarTextColor,
    },
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { email, look, sidebarExpanded } = loaderData;
  const { expanded, toggle } = useSidebarState(sidebarExpanded);
  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900">
      <AdminSidebar look={look} expanded={expanded} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-3 py-2 sm:px-4">
          <div className="flex items-center gap-1">
            <MobileSidebar look={look} />
            <SidebarToggle onToggle={toggle} expanded={expanded} />
            <span className="ml-1 whitespace-nowrap font-semibold md:hidden">Admin Panel</span>
          </div>
          <div className="flex min-w-0 items-center gap-3">
            <span className="truncate text-sm text-slate-600" data-testid="admin-email">
              {email}
            </span>
            <Form method="post" action="/auth/sign-out">
              <Button type="submit" variant="secondary" className="whitespace-nowrap">
                Sign Out
              </Button>
            </Form>
          </div>
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
