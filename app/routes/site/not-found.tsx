import { data, Link } from "react-router";
import { SiteSearchForm } from "#app/components/site/site-search-form.tsx";
import { ToolCard } from "#app/components/site/tool-card.tsx";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import { listPublishedPosts, RECENT_POSTS_LIMIT } from "#app/server/queries/posts.server.ts";
import { listPopularTools } from "#app/server/queries/tools.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/not-found";

/** How many of the most searched tools the page offers. */
const NOT_FOUND_TOOLS = 6;

// Any address no route knows: still a 404 and noindex, but with a way on (issue 31, finding 4): the
// tool search, the most searched tools and the newest posts.
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  console.warn(`[404] ${request.method} ${url.pathname}`);
  const { db } = services().database;
  const [tools, posts] = await Promise.all([listPopularTools(db, NOT_FOUND_TOOLS), listPublishedPosts(db, { limit: RECENT_POSTS_LIMIT, now: publishNow() })]);
  return data({ tools, posts: posts.map(({ slug, title }) => ({ slug, title })) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => publicMeta(matches, { title: "Page not found", path: location.pathname, noindex: true });

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { tools, posts } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 text-center">
        <h1 className="text-5xl font-bold">404</h1>
        <p className="text-lg text-slate-600 dark:text-slate-400">Oops! Page not found</p>
        <p className="text-slate-600 dark:text-slate-400">The address may be mistyped, or the page has moved. Search the tools, or start from one below.</p>
        <SiteSearchForm />
        <Link to="/" className="text-brand-700 underline hover:text-brand-600 dark:text-brand-dark">
          Return to Home
        </Link>
      </div>
      {tools.length > 0 ? (
        <section aria-labelledby="not-found-tools" className="mt-14">
          <h2 id="not-found-tools" className="text-2xl font-bold">
            Popular tools
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="not-found-tools">
            {tools.map((tool) => (
              <li key={tool.slug}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {posts.length > 0 ? (
        <section aria-labelledby="not-found-posts" className="mt-12">
          <h2 id="not-found-posts" className="text-2xl font-bold">
            Latest articles
          </h2>
          <ul className="mt-4 space-y-2" data-testid="not-found-posts">
            {posts.map((post) => (
              <li key={post.slug}>
                <Link to={`/blog/${post.slug}`} className="text-brand-700 underline hover:text-brand-600 dark:text-brand-dark">
                  {post.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
