import { BlogSidebar } from "~/components/site/blog-sidebar";
import { PostList } from "~/components/site/post-list";
import { publicMeta } from "~/lib/seo/route-meta";
import { listPublishedPosts, RECENT_POSTS_LIMIT } from "~/server/queries/posts.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/blog";

export async function loader() {
  const posts = await listPublishedPosts(services().database.db);
  return { posts, recent: posts.slice(0, RECENT_POSTS_LIMIT) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, { title: "Blog", description: "Guides, comparisons and tips for converting files and working faster.", path: "/blog" });

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_280px]">
      <div>
        <h1 className="text-3xl font-bold">Blog</h1>
        <div className="mt-8">
          <PostList posts={loaderData.posts} emptyText="No posts yet." />
        </div>
      </div>
      <BlogSidebar recent={loaderData.recent} />
    </div>
  );
}
