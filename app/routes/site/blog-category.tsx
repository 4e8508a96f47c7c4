import { data, isRouteErrorResponse } from "react-router";
import { BlogSidebar } from "#app/components/site/blog-sidebar.tsx";
import { Breadcrumb } from "#app/components/site/breadcrumb.tsx";
import { JsonLd } from "#app/components/site/json-ld.tsx";
import { useSiteShell } from "#app/components/site/use-site-shell.ts";
import { categoryFeedPath, categoryPath } from "#app/lib/blog.ts";
import { breadcrumbJsonLd } from "#app/lib/seo/json-ld.ts";
import { Pager } from "#app/components/site/pager.tsx";
import { PostList } from "#app/components/site/post-list.tsx";
import { pagedTitle, pageHref, pageRelLinks } from "#app/lib/pagination.ts";
import { publicMeta, shellFromMatches } from "#app/lib/seo/route-meta.ts";
import { loadBlogListPage } from "#app/server/blog/blog-list.server.ts";
import { getCategoryBySlug } from "#app/server/queries/categories.server.ts";
import { isStorableText } from "#app/server/http/text-safety.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/blog-category";
import { errorBoundary } from "#app/components/route-error-boundary.tsx";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = services().database;
  // a slug no database can hold (a NUL byte, broken text) is no category: 404, not a failed query
  const category = isStorableText(params.category) ? await getCategoryBySlug(db, params.category) : undefined;
  if (!category) throw data({ missing: "category" }, { status: 404 });
  const list = await loadBlogListPage(db, request, categoryPath(category.slug), category.id);
  return { category: { name: category.name, slug: category.slug, description: category.description }, ...list };
}

/** Whether a thrown 404 is for the category itself (rather than a page of it). */
const isUnknownCategory = (error: unknown) => isRouteErrorResponse(error) && (error.data as { missing?: string } | null)?.missing === "category";

export const meta: Route.MetaFunction = ({ loaderData, matches, location, error }) => {
  if (!loaderData) return publicMeta(matches, { title: isUnknownCategory(error) ? "Category not found" : "Page not found", path: location.pathname, noindex: true });
  const { category, page, pageCount } = loaderData;
  const path = categoryPath(category.slug);
  return [
    ...publicMeta(matches, {
      // the category's own title and description, never the site's (issue 31, finding 5)
      title: pagedTitle(`Blog: ${category.name}`, page, pageCount),
      description:
        page > 1
          ? `${category.name} articles on the blog, page ${page} of ${pageCount}.`
          : category.description || `Every article filed under ${category.name} on the blog, newest first: guides, tips and news about the tools.`,
      path: pageHref(path, page),
    }),
    ...pageRelLinks(shellFromMatches(matches)?.origin ?? "", path, page, pageCount),
  ];
};

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const { category, posts, recent, categories, page, pageCount } = loaderData;
  const { origin } = useSiteShell();
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog" },
    { name: category.name, path: `/blog/category/${category.slug}` },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_280px]">
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <link rel="alternate" type="application/rss+xml" title={`${category.name} articles`} href={categoryFeedPath(category.slug)} />
      <div>
        <Breadcrumb items={crumbs} />
        <h1 className="mt-4 text-3xl font-bold">{category.name}</h1>
        {category.description ? <p className="mt-3 text-slate-600 dark:text-slate-300">{category.description}</p> : null}
        <div className="mt-8">
          <PostList posts={posts} emptyText={`No posts in ${category.name} yet.`} />
          <Pager path={categoryPath(category.slug)} page={page} pageCount={pageCount} label={`${category.name} pages`} />
        </div>
      </div>
      <BlogSidebar categories={categories} recent={recent} />
    </div>
  );
}

// an unknown category, or a ?page= that is not one of the category's pages
export const ErrorBoundary = errorBoundary("site", (error) => {
  if (error.status !== 404) return null;
  const back = { to: "/blog", label: "Back to Blog" };
  return (error.data as { missing?: string } | null)?.missing === "category"
    ? { title: "Category Not Found", text: "There is no blog category by that name.", link: back }
    : { title: "Page Not Found", text: "This page of the category doesn't exist.", link: back };
});
