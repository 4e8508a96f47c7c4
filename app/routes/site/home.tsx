import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { getSiteSettings } from "~/server/queries/settings.server";
import { listFeaturedTools } from "~/server/queries/tools.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/home";

export async function loader() {
  const { db } = services().database;
  const [settings, featured] = await Promise.all([getSiteSettings(db), listFeaturedTools(db)]);
  return {
    siteTitle: settings.site_title ?? "",
    description: settings.site_description ?? "",
    tagline: settings.site_tagline ?? "",
    featured,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.siteTitle },
    { name: "description", content: loaderData?.description },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteTitle, tagline, featured } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-lg font-bold">
            {siteTitle}
          </Link>
          <Link to="/auth" className={buttonClass("secondary")}>
            Admin
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-12">
        <section className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{siteTitle}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{tagline}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/tools" className={buttonClass("primary")}>
              Explore All Tools
            </Link>
            <Link to="/blog" className={buttonClass("secondary")}>
              Read Blog
            </Link>
          </div>
        </section>
        <section className="mt-16" aria-labelledby="featured-heading">
          <h2 id="featured-heading" className="text-2xl font-semibold">
            Featured Tools
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((tool) => (
              <li key={tool.slug}>
                <Link
                  to={`/tool/${tool.slug}`}
                  className="block h-full rounded-xl border border-slate-200 p-5 transition hover:border-brand-500 hover:shadow"
                >
                  <span className="text-3xl" aria-hidden="true">
                    {tool.icon}
                  </span>
                  <span className="mt-3 block text-xs font-medium uppercase tracking-wide text-brand-700">{tool.category}</span>
                  <span className="mt-1 block font-semibold">{tool.name}</span>
                  <span className="mt-2 block text-sm text-slate-600">{tool.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
