import { data } from "react-router";
import { RichHtml } from "#app/components/site/rich-html.tsx";
import { contentHeadFields } from "#app/lib/seo/content-meta.ts";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { sanitizeHtml } from "#app/server/html/sanitize.server.ts";
import { getPublishedPage } from "#app/server/queries/pages.server.ts";
import { services } from "#app/server/services.server.ts";
import { isStorableText } from "#app/server/http/text-safety.server.ts";
import type { Route } from "./+types/page";
import { errorBoundary, notFoundOnly } from "#app/components/route-error-boundary.tsx";

export async function loader({ params }: Route.LoaderArgs) {
  // a slug no database can hold (a NUL byte, broken text) is no page: 404, not a failed query
  const page = isStorableText(params.slug) ? await getPublishedPage(services().database.db, params.slug) : undefined;
  if (!page) throw data(null, { status: 404 });
  return { page: { slug: page.slug, title: page.title, excerpt: page.excerpt, seoTitle: page.seo_title, socialImage: page.social_image, html: sanitizeHtml(page.content) } };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? publicMeta(matches, { ...contentHeadFields(loaderData.page), description: loaderData.page.excerpt, path: `/page/${loaderData.page.slug}` })
    : publicMeta(matches, { title: "Page Not Found", path: "/", noindex: true });

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{page.title}</h1>
      <RichHtml html={page.html} className="mt-8" />
    </article>
  );
}

export const ErrorBoundary = errorBoundary(
  "site",
  notFoundOnly({ title: "Page Not Found", text: "The page you're looking for doesn't exist.", link: { to: "/", label: "Go Home" } }),
);
