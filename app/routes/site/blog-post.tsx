import { ArrowLeft, Clock } from "lucide-react";
import { Link } from "react-router";
import { AdSlot } from "#app/components/site/ad-slot.tsx";
import { Breadcrumb } from "#app/components/site/breadcrumb.tsx";
import { JsonLd } from "#app/components/site/json-ld.tsx";
import { RichHtml } from "#app/components/site/rich-html.tsx";
import { ShareButtons } from "#app/components/site/share-buttons.tsx";
import { useSiteShell } from "#app/components/site/use-site-shell.ts";
import { formatPostDate, relatedPostLinks } from "#app/lib/blog.ts";
import { readingTimeMinutes } from "#app/lib/reading-time.ts";
import { blogPostingJsonLd, breadcrumbJsonLd } from "#app/lib/seo/json-ld.ts";
import { contentHeadFields } from "#app/lib/seo/content-meta.ts";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { renderContentHtml } from "#app/server/media/responsive-html.server.ts";
import { getDraftPost, getPublishedPost, listRelatedPosts } from "#app/server/queries/posts.server.ts";
import { previewAwareHeaders, publishedOrPreview, withPreviewHeaders } from "#app/server/http/draft-preview.server.ts";
import { DraftPreviewBanner } from "#app/components/site/draft-preview-banner.tsx";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import { recordPostPageRows } from "#app/server/blog/post-page-fingerprint.server.ts";
import { services } from "#app/server/services.server.ts";
import { isStorableText } from "#app/server/http/text-safety.server.ts";
import type { Route } from "./+types/blog-post";
import { errorBoundary, notFoundOnly } from "#app/components/route-error-boundary.tsx";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // a slug no database can hold (a NUL byte, broken text) is no post: 404, not a failed query
  const { db } = services().database;
  const now = publishNow();
  const storable = isStorableText(params.slug);
  const { row: post, preview } = await publishedOrPreview(
    request,
    async () => (storable ? await getPublishedPost(db, params.slug, now) : undefined),
    async () => (storable ? await getDraftPost(db, params.slug, now) : undefined),
  );
  const relatedRows = await listRelatedPosts(db, post, now);
  // the rows of the posts table this page shows, for the page cache (decision 063)
  if (!preview) recordPostPageRows(context, { post, related: relatedRows });
  const related = relatedPostLinks(relatedRows, post.slug);
  return withPreviewHeaders(
    {
      related,
      /** an admin's look at a draft: the banner, noindex, never cached */
      preview: preview && "id" in post ? { editPath: `/admin/blog/${post.id}` } : null,
      post: {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        thumbnail: post.thumbnail,
        keywords: post.keywords,
        seoTitle: post.seo_title,
        socialImage: post.social_image,
        createdAt: post.created_at,
        updatedAt: post.updated_at,
        html: await renderContentHtml(db, post.content),
        readingMinutes: readingTimeMinutes(post.content),
      },
    },
    preview,
  );
}

export const headers = previewAwareHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return publicMeta(matches, { title: "Blog Post Not Found", path: "/blog", noindex: true });
  const { post, preview } = loaderData;
  return publicMeta(matches, {
    ...contentHeadFields(post),
    description: post.excerpt,
    keywords: post.keywords,
    path: `/blog/${post.slug}`,
    type: "article",
    noindex: preview !== null,
  });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related, preview } = loaderData;
  const { origin, site, ads } = useSiteShell();
  const url = `${origin}/blog/${post.slug}`;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog" },
    { name: post.title, path: `/blog/${post.slug}` },
  ];
  return (
    <>
    {preview ? <DraftPreviewBanner editPath={preview.editPath} /> : null}
    <div className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd
        data={[
          blogPostingJsonLd({
            origin,
            slug: post.slug,
            title: post.title,
            excerpt: post.excerpt,
            imageUrl: post.thumbnail || undefined,
            datePublished: post.createdAt,
            dateModified: post.updatedAt,
            siteName: site.name,
          }),
          breadcrumbJsonLd(origin, crumbs),
        ]}
      />
      <Breadcrumb items={crumbs} />
      <article className="mt-6">
        <header>
          <h1 className="text-3xl font-bold sm:text-4xl">{post.title}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
            <span className="inline-flex items-center gap-1">
              <Clock className="h-4 w-4" aria-hidden="true" /> {post.readingMinutes} min read
            </span>
          </p>
          {/* a draft's address is not public yet: nothing to share */}
          {preview ? null : (
            <div className="mt-4">
              <ShareButtons url={url} title={post.title} />
            </div>
          )}
          {post.thumbnail ? <img src={post.thumbnail} alt="" width={768} height={432} className="mt-6 w-full rounded-xl object-cover" /> : null}
        </header>
        <RichHtml html={post.html} className="mt-8" />
      </article>
      <div className="mt-10">
        <AdSlot ads={ads} placement="inlineAd" kind="inline" />
      </div>
      <section aria-label="About the author" className="mt-10 flex items-center gap-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white" aria-hidden="true">
          {site.name.charAt(0)}
        </div>
        <div>
          <p className="font-semibold">The {site.name} team</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">We build free converters that run in your browser and write about the formats behind them.</p>
        </div>
      </section>
      <section aria-labelledby="related-posts" className="mt-10">
        <h2 id="related-posts" className="text-xl font-bold">
          Related Posts
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {related.map((r) => (
            <li key={r.slug}>
              <Link to={`/blog/${r.slug}`} className="block rounded-lg border border-slate-200 p-4 text-sm font-medium hover:border-brand-500 dark:border-slate-800">
                {r.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Link to="/blog" className="mt-10 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-dark">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Blog
      </Link>
    </div>
    </>
  );
}

export const ErrorBoundary = errorBoundary(
  "site",
  notFoundOnly({ title: "Blog Post Not Found", text: "The article you're looking for doesn't exist or isn't published.", link: { to: "/blog", label: "Back to Blog" } }),
);
