import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { BlogSidebar } from "~/components/site/blog-sidebar";
import { Breadcrumb } from "~/components/site/breadcrumb";
import { JsonLd } from "~/components/site/json-ld";
import { useSiteShell } from "~/components/site/use-site-shell";
import { breadcrumbJsonLd } from "~/lib/seo/json-ld";
import { NotFoundView } from "~/components/site/not-found-view";
import { PostList } from "~/components/site/post-list";
import { BLOG_CATEGORIES } from "~/lib/blog";
import { publicMeta } from "~/lib/seo/route-meta";
import { listPublishedPosts, listPublishedPostsInCategory, RECENT_POSTS_LIMIT } from "~/server/queries/posts.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/blog-category";

export async function loader({ params }: Route.LoaderArgs) {
  const category = BLOG_CATEGORIES.find((c) => c.slug === params.category);
  if (!category) throw data(null, { status: 404 });
  const { db } = services().database;
  const [posts, recent] = await Promise.all([listPublishedPostsInCategory(db, category.slug), listPublishedPosts(db, RECENT_POSTS_LIMIT)]);
  return { category, posts, recent };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? publicMeta(matches, { title: `${loaderData.category.name} articles`, path: `/blog/category/${loaderData.category.slug}` })
    : publicMeta(matches, { title: "Category not found", path: "/blog", noindex: true });

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const { category, posts, recent } = loaderData;
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
        </div>
      </div>
      <BlogSidebar recent={recent} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView title="Category Not Found" text="There is no blog category by that name." linkTo="/blog" linkLabel="Back to Blog" />;
  }
  throw error;
}
