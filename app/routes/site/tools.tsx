import { Search } from "lucide-react";
import { useMemo, useState } from "react";
import { Form, Link } from "react-router";
import { SeoSection } from "#app/components/site/seo-section.tsx";
import { ToolCard } from "#app/components/site/tool-card.tsx";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { useRecentTools } from "#app/lib/recent-tools.ts";
import { searchTools } from "#app/lib/tool-search.ts";
import { getSeoSection } from "#app/server/queries/site-content.server.ts";
import { listSearchableTools } from "#app/server/queries/tools.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/tools";

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = services().database;
  const [tools, seo] = await Promise.all([listSearchableTools(db), getSeoSection(db, "tools_seo")]);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { tools, q, seo };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "All Tools",
    description: "Every free converter and calculator on the site: images, audio, video, ebooks, documents, units and time zones. All run in your browser.",
    path: "/tools",
  });

export default function Tools({ loaderData }: Route.ComponentProps) {
  const { tools, seo } = loaderData;
  const [query, setQuery] = useState(loaderData.q);
  const shown = useMemo(() => searchTools(tools, query), [tools, query]);
  const recentSlugs = useRecentTools();
  const recent = useMemo(() => recentSlugs.flatMap((slug) => tools.filter((t) => t.slug === slug)), [recentSlugs, tools]);

  const onChange = (value: string) => {
    setQuery(value);
    // Keep ?q= shareable without a round trip per keystroke.
    const url = new URL(window.location.href);
    if (value) url.searchParams.set("q", value);
    else url.searchParams.delete("q");
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">All Tools</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">Free converters and calculators that run entirely in your browser.</p>
      {recent.length > 0 ? (
        <section aria-labelledby="recent-tools-heading" className="mt-6" data-testid="recent-tools">
          <h2 id="recent-tools-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            Recently used
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {recent.map((t) => (
              <li key={t.slug}>
                <Link to={`/tool/${t.slug}`} className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-brand-500 dark:border-slate-700">
                  <span aria-hidden="true">{t.icon}</span> {t.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="get" action="/tools" role="search" className="relative mt-6 max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="tool-search" className="sr-only">
          Search tools
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          id="tool-search"
          type="search"
          name="q"
          value={query}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Search tools..."
          autoComplete="off"
          className="w-full rounded-lg border border-slate-300 bg-white py-3 pl-10 pr-4 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
        />
      </Form>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="tools-count">
        {`Showing ${shown.length} of ${tools.length} tools`}
      </p>
      {shown.length === 0 ? (
        <p className="mt-10 text-center text-slate-600 dark:text-slate-400">No tools found matching your search.</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((tool) => (
            <li key={tool.slug}>
              <ToolCard tool={tool} headingLevel="h2" />
            </li>
          ))}
        </ul>
      )}
      <SeoSection section={seo} />
    </div>
  );
}
