import { Card } from "~/components/ui/card";
import { requireAdmin } from "~/server/auth/session.server";
import { getDashboardCounts } from "~/server/queries/dashboard.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { counts: await getDashboardCounts(services().database.db) };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Admin" }, { name: "robots", content: "noindex" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const stats = [
    { label: "Total Tools", value: counts.tools },
    { label: "Blog Posts", value: counts.posts },
    { label: "Featured Tools", value: counts.featuredTools },
    { label: "Total Users", value: counts.users },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map((s) => (
          <Card key={s.label} className="p-5">
            <dt className="text-sm text-slate-600">{s.label}</dt>
            <dd className="mt-2 text-3xl font-bold" data-testid={`count-${s.label.toLowerCase().replace(/ /g, "-")}`}>
              {s.value}
            </dd>
          </Card>
        ))}
      </dl>
    </div>
  );
}
