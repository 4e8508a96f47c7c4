import { ArrowLeft, Lightbulb } from "lucide-react";
import { createElement, lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { data, Link } from "react-router";
import { AdSlot } from "#app/components/site/ad-slot.tsx";
import { Breadcrumb } from "#app/components/site/breadcrumb.tsx";
import { JsonLd } from "#app/components/site/json-ld.tsx";
import { RichHtml } from "#app/components/site/rich-html.tsx";
import { ToolCard } from "#app/components/site/tool-card.tsx";
import { useSiteShell } from "#app/components/site/use-site-shell.ts";
import { leadingHeading } from "#app/lib/leading-heading.ts";
import { rememberTool } from "#app/lib/recent-tools.ts";
import { breadcrumbJsonLd, webApplicationJsonLd } from "#app/lib/seo/json-ld.ts";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { sanitizeHtml } from "#app/server/html/sanitize.server.ts";
import { allowInPolicy } from "#app/server/http/csp-context.server.ts";
import { getToolPage, listRelatedTools } from "#app/server/queries/tools.server.ts";
import { services } from "#app/server/services.server.ts";
import { isStorableText } from "#app/server/http/text-safety.server.ts";
import { toolPage } from "#app/tools/pages.ts";
import { findTool } from "#app/tools/registry.ts";
import type { ToolKind } from "#app/tools/types.ts";
import type { Route } from "./+types/tool";
import { errorBoundary, notFoundOnly } from "#app/components/route-error-boundary.tsx";

// only file tools have engines to download; the others never load it (decision 049)
const MakeAvailableOffline = lazy(() => import("#app/components/pwa/make-available-offline.tsx"));

/** The tool's text under one heading: its own opening <h2> ("About the Word Counter") when it has one, else "About This Tool" (issue 31, finding 5). */
function aboutSection(html: string): { aboutHeading: string | null; contentHtml: string } {
  const opening = leadingHeading(html);
  return opening ? { aboutHeading: opening.heading, contentHtml: opening.rest } : { aboutHeading: null, contentHtml: html };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  // a slug no database can hold (a NUL byte, broken text) is no tool: 404, not a failed query
  if (!isStorableText(params.slug)) throw data({ slug: "" }, { status: 404 });
  const { db } = services().database;
  // The registry maps aliases to the canonical slug; other slugs are the DB's own (generic page).
  const known = findTool(params.slug);
  const canonical = known?.slug ?? params.slug;
  allowInPolicy(context, { wasm: known?.wasm === true, isolated: known?.threads === true });
  const tool = await getToolPage(db, canonical);
  if (!tool) throw data({ slug: params.slug }, { status: 404 });
  const related = await listRelatedTools(db, tool);
  return {
    tool: {
      slug: tool.slug,
      name: tool.name,
      description: tool.description,
      category: tool.category,
      icon: tool.icon,
      metaDescription: tool.meta_description,
      metaKeywords: tool.meta_keywords,
      ...aboutSection(sanitizeHtml(tool.content)),
      learnMoreHtml: sanitizeHtml(tool.blog_content),
    },
    related,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return publicMeta(matches, { title: "Tool Not Found", path: "/tools", noindex: true });
  const { tool } = loaderData;
  return publicMeta(matches, {
    title: tool.name,
    description: tool.metaDescription || tool.description,
    keywords: tool.metaKeywords,
    path: `/tool/${tool.slug}`,
  });
};

const OFFLINE_AFTER_ONE_VISIT = "Bookmark this page: it keeps working offline after you have opened it once.";

/**
 * The tips beside a tool, for what the tool is (issue 31, finding 2: calculators got the file
 * tips); a file tool needs its engines downloaded to work offline (decision 049).
 */
const QUICK_TIPS: Record<ToolKind, readonly string[]> = {
  file: [
    "Your files stay on your device: nothing is uploaded to a server.",
    "Keep your original file; a conversion always makes a new one.",
    "Press “Make available offline” and bookmark this page: it then works without a connection.",
  ],
  calculator: [
    "Type in either field: the other one follows as you type.",
    "Write numbers your way: 1.5 or 1,5, and 1 000 or 1,000 for thousands.",
    OFFLINE_AFTER_ONE_VISIT,
  ],
  time: [
    "Type the time on a 24-hour clock, such as 09:30 or 18:45.",
    "The result says when the time falls on the day before or after.",
    OFFLINE_AFTER_ONE_VISIT,
  ],
  text: ["Your text stays on your device: nothing is sent to a server.", "The counts follow as you type or paste.", OFFLINE_AFTER_ONE_VISIT],
};
/** A tool the owner added without a converter of its own. */
const GENERIC_TIPS = ["Everything runs in your browser: nothing is uploaded to a server.", OFFLINE_AFTER_ONE_VISIT];

export default function ToolPage({ loaderData }: Route.ComponentProps) {
  const { tool, related } = loaderData;
  const { origin, ads } = useSiteShell();
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Tools", path: "/tools" },
    { name: tool.name, path: `/tool/${tool.slug}` },
  ];
  const page = toolPage(tool.slug);
  useEffect(() => rememberTool(tool.slug), [tool.slug]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={[
          webApplicationJsonLd({ origin, slug: tool.slug, name: tool.name, description: tool.description, category: tool.category }),
          breadcrumbJsonLd(origin, crumbs),
        ]}
      />
      <Breadcrumb items={crumbs} />
      <Link to="/tools" className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-dark">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Tools
      </Link>
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_300px]">
        <article className="min-w-0">
          <header className="flex items-start gap-4">
            <span className="text-4xl" aria-hidden="true">
              {tool.icon}
            </span>
            <div>
              <h1 className="text-3xl font-bold">{tool.name}</h1>
              <p className="mt-2 text-slate-600 dark:text-slate-400">{tool.description}</p>
            </div>
          </header>
          {page ? (
            <div className="mt-8" data-tool-slot>
              {/* No Suspense boundary here: the server renders the tool into the first HTML (no
                  placeholder swap, no layout shift); client navigations wait for its chunk. */}
              <ToolMounted>
                {/* the tool's lazy page, made once in pages.ts; it reads its facts (accept rule...) from the meta */}
                {createElement(page.Page, { slug: tool.slug, meta: page.meta })}
              </ToolMounted>
              {page.meta.kind === "file" ? (
                <Suspense fallback={null}>
                  <MakeAvailableOffline slug={tool.slug} />
                </Suspense>
              ) : null}
            </div>
          ) : null}
          <div className="mt-8">
            <AdSlot ads={ads} placement="inlineAd" kind="inline" />
          </div>
          {tool.contentHtml || tool.aboutHeading ? (
            <section aria-labelledby="about-heading" className="mt-10">
              {tool.aboutHeading ? (
                <h2 id="about-heading" className="text-2xl font-bold" dangerouslySetInnerHTML={{ __html: tool.aboutHeading }} />
              ) : (
                <h2 id="about-heading" className="text-2xl font-bold">
                  About This Tool
                </h2>
              )}
              <RichHtml html={tool.contentHtml} className="mt-4" />
            </section>
          ) : null}
          {tool.learnMoreHtml ? (
            <section aria-labelledby="learn-heading" className="mt-10">
              <h2 id="learn-heading" className="text-2xl font-bold">
                Learn More
              </h2>
              <RichHtml html={tool.learnMoreHtml} className="mt-4" />
            </section>
          ) : null}
        </article>
        <aside className="space-y-8" aria-label="More">
          <section aria-labelledby="tips-heading" className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
            <h2 id="tips-heading" className="flex items-center gap-2 font-semibold">
              <Lightbulb className="h-5 w-5 text-amber-500" aria-hidden="true" /> Quick Tips
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-600 dark:text-slate-400">
              {(page ? QUICK_TIPS[page.meta.kind] : GENERIC_TIPS).map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
          {related.length ? (
            <section aria-labelledby="related-heading">
              <h2 id="related-heading" className="font-semibold">
                Related Tools
              </h2>
              <ul className="mt-3 space-y-3">
                {related.map((r) => (
                  <li key={r.slug}>
                    <ToolCard tool={r} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <AdSlot ads={ads} placement="sidebarAd" kind="sidebar-large" className="hidden lg:flex" />
        </aside>
      </div>
    </div>
  );
}

/** Marks the tool slot once the lazily loaded tool has mounted (it hydrates after the page). */
function ToolMounted({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.closest("[data-tool-slot]")?.setAttribute("data-tool-ready", "true");
  }, []);
  return <div ref={ref}>{children}</div>;
}

export const ErrorBoundary = errorBoundary(
  "site",
  notFoundOnly({ title: "Tool Not Found", text: "We couldn't find the tool you're looking for.", link: { to: "/tools", label: "View All Tools" } }),
);
