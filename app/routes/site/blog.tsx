import { BlogSidebar } from "#app/components/site/blog-sidebar.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { PostList } from "#app/components/site/post-list.tsx";
import { pagedTitle, pageHref, pageRelLinks } from "#app/lib/pagination.ts";
import { publicMeta, shellFromMatches } from "#app/lib/seo/route-meta.ts";
import { loadBlogListPage } from "#app/server/blog/blog-list.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/blog";
import { errorBoundary, notFoundOnly } from "#app/components/route-error-boundary.tsx";

const PATH = "/blog";
const DESCRIPTION = "Guides, comparisons and tips for converting files and working faster.";

export async function loader({ request }: Route.LoaderArgs) {
  return loadBlogListPage(services().database.db, request, PATH);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return publicMeta(matches, { title: "Page not found", path: PATH, noindex: true });
  const { page, pageCount } = loaderData;
  const origin = shellFromMatches(matches)?.origin ?? "";
  return [
    ...publicMeta(matches, {
      title: pagedTitle("Blog", page, pageCount),
      description: page > 1 ? `${DESCRIPTION} Page ${page} of ${pageCount}.` : DESCRIPTION,
      path: pageHref(PATH, page),
    }),
    ...pageRelLinks(origin, PATH, page, pageCount),
  ];
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, recent, categories, page, pageCount } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_280px]">
      <div>
        <h1 className="text-3xl font-bold">Blog</h1>
        <div className="mt-8">
          <PostList posts={posts} emptyText="No posts yet." />
          <Pager path={PATH} page={page} pageCount={pageCount} label="Blog pages" />
        </div>
      </div>
      <BlogSidebar categories={categories} recent={recent} />
    </div>
  );
}

export const ErrorBoundary = errorBoundary(
  "site",
  notFoundOnly({ title: "Page Not Found", text: "This page of the blog doesn't exist.", link: { to: PATH, label: "Back to Blog" } }),
);
