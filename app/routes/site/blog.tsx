import { BlogSidebar } from "~/components/site/blog-sidebar";
import { Pager } from "~/components/site/pager";
import { PostList } from "~/components/site/post-list";
import { pagedTitle, pageHref, pageRelLinks } from "~/lib/pagination";
import { publicMeta, shellFromMatches } from "~/lib/seo/route-meta";
import { loadBlogListPage } from "~/server/blog/blog-list.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/blog";
import { errorBoundary, notFoundOnly } from "~/components/route-error-boundary";

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
  const { posts, recent, page, pageCount } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_280px]">
      <div>
        <h1 className="text-3xl font-bold">Blog</h1>
        <div className="mt-8">
          <PostList posts={posts} emptyText="No posts yet." />
          <Pager path={PATH} page={page} pageCount={pageCount} label="Blog pages" />
        </div>
      </div>
      <BlogSidebar recent={recent} />
    </div>
  );
}

export const ErrorBoundary = errorBoundary(
  "site",
  notFoundOnly({ title: "Page Not Found", text: "This page of the blog doesn't exist.", link: { to: PATH, label: "Back to Blog" } }),
);
