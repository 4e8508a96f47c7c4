import { Link } from "react-router";
import { formatPostDate } from "#app/lib/blog.ts";

export interface PostListItem {
  slug: string;
  title: string;
  excerpt: string;
  thumbnail: string;
  created_at: string;
}

export function PostList({ posts, emptyText }: { posts: PostListItem[]; emptyText: string }) {
  if (posts.length === 0) return <p className="text-slate-600 dark:text-slate-400">{emptyText}</p>;
  return (
    <ul className="space-y-6">
      {posts.map((post) => (
        <li key={post.slug}>
          <article className="flex flex-col gap-4 rounded-xl border border-slate-200 p-5 sm:flex-row dark:border-slate-800">
            {post.thumbnail ? (
              <img src={post.thumbnail} alt="" width={192} height={128} loading="lazy" className="h-32 w-full rounded-lg object-cover sm:w-48" />
            ) : null}
            <div className="min-w-0">
              <h2 className="text-xl font-semibold">
                <Link to={`/blog/${post.slug}`} className="hover:text-brand-700 hover:underline dark:hover:text-brand-dark">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
              </p>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{post.excerpt}</p>
              <Link to={`/blog/${post.slug}`} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-dark">
                {/* the title in the link's own text (not only an aria-label): search engines read link text */}
                Read more<span className="sr-only">: {post.title}</span>
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
