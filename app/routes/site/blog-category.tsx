import { data, isRouteErrorResponse } from "react-router";
import { BlogSidebar } from "~/components/site/blog-sidebar";
import { Breadcrumb } from "~/components/site/breadcrumb";
import { JsonLd } from "~/components/site/json-ld";
import { useSiteShell } from "~/components/site/use-site-shell";
import { breadcrumbJsonLd } from "~/lib/seo/json-ld";
import { Pager } from "~/components/site/pager";
import { PostList } from "~/components/site/post-list";
import { BLOG_CATEGORIES } from "~/lib/blog";
import { pagedTitle, pageHref, pageRelLinks } from "~/lib/pagination";
import { publicMeta, shellFromMatches } from "~/lib/seo/route-meta";
import { loadBlogListPage } from "~/server/blog/blog-list.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/blog-category";
import { errorBoundary } from "~/components/route-error-boundary";

const categoryPath = (slug: string) => `/blog/category/${slug}`;

export async function loader({ params, request }: Route.LoaderArgs) {
  const category = BLOG_CATEGORIES.find((c) => c.slug === params.category);
  if (!category) throw data({ missing: "category" }, { status: 404 });
  const list = await loadBlogListPage(services().database.db, request, categoryPath(category.slug), category.slug);
  return { category, ...list };
}

/** Whether a thrown 404 is for the category itself (rather than a page of it). */
const isUnknownCategory = (error: unknown) => isRouteErrorResponse(error) && (error.data as { missing?: string } | null)?.missing === "category";

export const meta: Route.MetaFunction = ({ loaderData, matches, location, error }) => {
  if (!loaderData) return publicMeta(matches, { title: isUnknownCategory(error) ? "Category not found" : "Page not found", path: location.pathname, noindex: true });
  const { category, page, pageCount } = loaderData;
  const path = categoryPath(category.slug);
  return [
    ...publicMeta(matches, {
      title: pagedTitle(`${category.name} articles`, page, pageCount),
      description: page > 1 ? `${category.name} articles on the blog, page ${page} of ${pageCount}.` : undefined,
      path: pageHref(path, page),
    }),
    ...pageRelLinks(shellFromMatches(matches)?.origin ?? "", path, page, pageCount),
  ];
};

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const { category, posts, recent, page, pageCount } = loaderData;
  const { origin } = useSiteShell();
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog" },
    { name: category.name, path: `/blog/category/${category.slug}` },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_280px]">
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <div>
        <Breadcrumb items={crumbs} />
        <h1 className="mt-4 text-3xl font-bold">{category.name}</h1>
        <div className="mt-8">
          <PostList posts={posts} emptyText={`No posts in ${category.name} yet.`} />
          <Pager path={categoryPath(category.slug)} page={page} pageCount={pageCount} label={`${category.name} pages`} />
        </div>
      </div>
      <BlogSidebar recent={recent} />
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
