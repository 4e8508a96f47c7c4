import { Link } from "react-router";

export function BlogSidebar({ categories, recent }: { categories: { slug: string; name: string }[]; recent: { slug: string; title: string }[] }) {
  return (
    <aside className="space-y-8" aria-label="Blog">
      <nav aria-labelledby="categories-heading" className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="categories-heading" className="font-semibold">
          Categories
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link to={`/blog/category/${c.slug}`} className="text-slate-700 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-dark">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="recent-heading" className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="recent-heading" className="font-semibold">
          Recent Posts
        </h2>
        <ul className="mt-3 space-y-3 text-sm">
          {recent.map((p) => (
            <li key={p.slug}>
              <Link to={`/blog/${p.slug}`} className="text-slate-700 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-dark">
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
