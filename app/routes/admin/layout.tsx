import { Form, Outlet } from "react-router";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/server/auth/session.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  return { email: session.user.email };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3">
        <span className="shrink-0 whitespace-nowrap font-semibold">Admin Panel</span>
        <div className="flex min-w-0 items-center gap-3">
          <span className="truncate text-sm text-slate-600" data-testid="admin-email">
            {loaderData.email}
          </span>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="secondary" className="whitespace-nowrap">
              Sign Out
            </Button>
          </Form>
        </div>
      </header>
      <main className="mx-auto max-w-6xl p-4 sm:p-6">
        <Outlet />
      </main>
    </div>
  );
}
