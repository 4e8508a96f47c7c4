import { RichHtml } from "#app/components/site/rich-html.tsx";
import { contentHeadFields } from "#app/lib/seo/content-meta.ts";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { renderContentHtml } from "#app/server/media/responsive-html.server.ts";
import { getDraftPage, getPublishedPage } from "#app/server/queries/pages.server.ts";
import { previewAwareHeaders, publishedOrPreview, withPreviewHeaders } from "#app/server/http/draft-preview.server.ts";
import { DraftPreviewBanner } from "#app/components/site/draft-preview-banner.tsx";
import { services } from "#app/server/services.server.ts";
import { isStorableText } from "#app/server/http/text-safety.server.ts";
import type { Route } from "./+types/page";
import { errorBoundary, notFoundOnly } from "#app/components/route-error-boundary.tsx";

export async function loader({ request, params }: Route.LoaderArgs) {
  // a slug no database can hold (a NUL byte, broken text) is no page: 404, not a failed query
  const { db } = services().database;
  const storable = isStorableText(params.slug);
  const { row: page, preview } = await publishedOrPreview(
    request,
    async () => (storable ? await getPublishedPage(db, params.slug) : undefined),
    async () => (storable ? await getDraftPage(db, params.slug) : undefined),
  );
  return withPreviewHeaders(
    {
      /** an admin's look at a draft: the banner, noindex, never cached */
      preview: preview && "id" in page ? { editPath: `/admin/pages/${page.id}` } : null,
      page: {
        slug: page.slug,
        title: page.title,
        excerpt: page.excerpt,
        seoTitle: page.seo_title,
        socialImage: page.social_image,
        html: await renderContentHtml(db, page.content),
      },
    },
    preview,
  );
}

export const headers = previewAwareHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? publicMeta(matches, { ...contentHeadFields(loaderData.page), description: loaderData.page.excerpt, path: `/page/${loaderData.page.slug}`, noindex: loaderData.preview !== null })
    : publicMeta(matches, { title: "Page Not Found", path: "/", noindex: true });

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page, preview } = loaderData;
  return (
    <>
      {preview ? <DraftPreviewBanner editPath={preview.editPath} /> : null}
      <article className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold sm:text-4xl">{page.title}</h1>
        <RichHtml html={page.html} className="mt-8" />
      </article>
    </>
  );
}

export const ErrorBoundary = errorBoundary(
  "site",
  notFoundOnly({ title: "Page Not Found", text: "The page you're looking for doesn't exist.", link: { to: "/", label: "Go Home" } }),
);
