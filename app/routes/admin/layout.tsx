import { ExternalLink } from "lucide-react";
import { Form, isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { AdminSidebar, MobileSidebar, SidebarToggle, useSidebarState } from "#app/components/admin/admin-sidebar.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE, isAccessDenied } from "#app/lib/access-denied.ts";
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
            <a
              href="/"
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              aria-label="View site (opens in a new tab)"
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              <span className="hidden sm:inline">View site</span>
            </a>
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

/**
 * A signed-in account without the admin role: 'Access Denied' in place of the admin area, its session
 * kept (a link to an admin URL must not sign anyone out), with Sign Out for whoever wants another account.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const info = isRouteErrorResponse(error) ? { status: error.status, data: error.data as unknown } : { status: 500, data: null };
  if (!isAccessDenied(info)) throw error;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4 text-slate-900">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{ACCESS_DENIED_TITLE}</h1>
        <p className="mt-2 text-slate-600">{ACCESS_DENIED_TEXT}</p>
        <p className="mt-4 text-sm text-slate-500">
          Signed in as <span data-testid="access-denied-email">{info.data.email}</span>
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="secondary">
              Sign Out
            </Button>
          </Form>
          <Link to="/" className={buttonClass("primary")}>
            Return to Home
          </Link>
        </div>
      </div>
    </main>
  );
}
