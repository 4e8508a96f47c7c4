import { AlertTriangle, BarChart3, CalendarClock, FileText, History, Layers, Star, Users, Wrench } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/admin/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { shortDate, timeAgo } from "#app/lib/admin/time-ago.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { formatInZone } from "#app/lib/schedule.ts";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import { getDashboardCounts, getQuickStats, getRecentActivity, listScheduledPosts, type ActivityType } from "#app/server/queries/dashboard.server.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import { OUTBOX_ONLY_NOTICE } from "#app/server/mail/test-mail.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = services().database;
  const [counts, activity, stats, scheduled, settings] = await Promise.all([
    getDashboardCounts(db),
    getRecentActivity(db),
    getQuickStats(db),
    listScheduledPosts(db, publishNow()),
    siteSettings(db),
  ]);
  const now = Date.now();
  return {
    counts,
    stats,
    mailNotice: services().mailer.transport === "outbox" ? OUTBOX_ONLY_NOTICE : null,
    // times are worded here, so the server's HTML and the hydrated page agree
    activity: activity.map((a) => ({ ...a, ago: timeAgo(a.at, now), when: shortDate(a.at) })),
    scheduled: scheduled.map((p) => ({ id: p.id, title: p.title, at: p.publish_at!, when: formatInZone(p.publish_at!, settings.siteTimeZone) })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Admin" }, { name: "robots", content: "noindex" }];

const TYPE_LABELS: Record<ActivityType, string> = { tool: "Tool", post: "Post", page: "Page" };
const numberFormat = new Intl.NumberFormat("en-US");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, activity, stats, mailNotice, scheduled } = loaderData;
  const cards = [
    { label: "Total Tools", value: counts.tools, icon: Wrench, href: "/admin/tools" },
    { label: "Blog Posts", value: counts.posts, icon: FileText, href: "/admin/blog" },
    { label: "Featured Tools", value: counts.featuredTools, icon: Star, href: "/admin/tools?sort=rank" },
    { label: "Total Users", value: counts.users, icon: Users, href: "/admin/users" },
  ];
  const largestCategory = Math.max(1, ...stats.categories.map((c) => c.tools));

  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="mt-1 text-sm text-slate-600">An overview of the site's content.</p>
      {mailNotice ? (
        <div role="note" data-testid="mail-notice" className="mt-4 flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p className="min-w-0 [overflow-wrap:anywhere]">
            <strong className="font-semibold">Mail only goes to the outbox.</strong> {mailNotice}{" "}
            <Link to="/admin/settings#mail" className="underline">
              Send a test mail
            </Link>
          </p>
        </div>
      ) : null}

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label} className="relative p-4 transition-shadow sm:p-5 focus-within:shadow-md hover:shadow-md">
            {/* the term and its value straight inside the card, the one group of the <dl> (axe: definition-list) */}
            <dt className="flex items-start justify-between gap-2 text-sm text-slate-600">
              <Link to={c.href} className="after:absolute after:inset-0 focus:outline-none">
                {c.label}
              </Link>
              <c.icon className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
            </dt>
            <dd className="mt-2 text-3xl font-bold tabular-nums" data-testid={`count-${c.label.toLowerCase().replace(/ /g, "-")}`}>
              {c.value}
            </dd>
          </Card>
        ))}
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <History className="h-5 w-5 text-slate-400" aria-hidden="true" /> Recent Activity
          </h2>
          {activity.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">Nothing yet: tools, posts and pages you add or edit appear here.</p>
          ) : (
            <ol className="mt-4 divide-y divide-slate-100" data-testid="recent-activity">
              {activity.map((a) => (
                <li key={`${a.type}-${a.id}`} className="flex items-center gap-3 py-2.5">
                  <span className="flex w-12 shrink-0 justify-center">
                    <Badge tone={a.type === "tool" ? "brand" : a.type === "post" ? "success" : "neutral"}>{TYPE_LABELS[a.type]}</Badge>
                  </span>
                  <div className="min-w-0 flex-1">
                    <Link to={a.href} className="block truncate text-sm font-medium text-slate-900 hover:underline">
                      {a.title}
                    </Link>
                    <p className="text-xs text-slate-500">
                      {a.action} <time dateTime={a.at} title={a.when}>{a.ago}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
          {scheduled.length > 0 ? (
            <>
              <h3 className="mt-5 flex items-center gap-2 text-sm font-semibold text-slate-700">
                <CalendarClock className="h-4 w-4 text-slate-400" aria-hidden="true" /> Scheduled posts
              </h3>
              <ul className="mt-2 divide-y divide-slate-100" data-testid="scheduled-posts">
                {scheduled.map((p) => (
                  <li key={p.id} className="py-2">
                    <Link to={`/admin/blog/${p.id}`} className="block truncate text-sm font-medium text-slate-900 hover:underline">
                      {p.title}
                    </Link>
                    <p className="text-xs text-amber-800">
                      Scheduled for <time dateTime={p.at}>{p.when}</time>
                    </p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>

        <Card className="p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <BarChart3 className="h-5 w-5 text-slate-400" aria-hidden="true" /> Quick Stats
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm" data-testid="quick-stats">
            <Stat label="Published posts" value={stats.publishedPosts} />
            <Stat label="Draft posts" value={stats.draftPosts} />
            <Stat label="Published pages" value={stats.publishedPages} />
            <Stat label="Draft pages" value={stats.draftPages} />
            <Stat label="Total search volume" value={numberFormat.format(stats.totalSearchVolume)} />
            <Stat
              label="Tools without SEO content"
              value={stats.toolsMissingContent}
              href={stats.toolsMissingContent > 0 ? "/admin/tools" : undefined}
              warn={stats.toolsMissingContent > 0}
            />
          </dl>
          {stats.categories.length > 0 ? (
            <>
              <h3 className="mt-5 flex items-center gap-2 text-sm font-semibold text-slate-700">
                <Layers className="h-4 w-4 text-slate-400" aria-hidden="true" /> Tools per category
              </h3>
              <ul className="mt-2 space-y-1.5">
                {stats.categories.map((c) => (
                  <li key={c.category} className="grid grid-cols-[6rem_minmax(0,1fr)_2rem] items-center gap-2 text-sm">
                    <span className="truncate text-slate-700">{c.category}</span>
                    <span className="h-2 rounded-full bg-slate-100" aria-hidden="true">
                      <span className="block h-2 rounded-full bg-brand-500" style={{ width: `${Math.round((c.tools / largestCategory) * 100)}%` }} />
                    </span>
                    <span className="text-right tabular-nums text-slate-600">{c.tools}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>
      </div>
    </div>
  );
}

function Stat({ label, value, href, warn = false }: { label: string; value: number | string; href?: string; warn?: boolean }) {
  return (
    <div className={`rounded-lg p-3 ${warn ? "bg-amber-50" : "bg-slate-50"}`}>
      <dt className="text-xs text-slate-600">{href ? <Link to={href} className="hover:underline">{label}</Link> : label}</dt>
      <dd className={`mt-1 text-xl font-semibold tabular-nums ${warn ? "text-amber-800" : ""}`}>{value}</dd>
    </div>
  );
}
