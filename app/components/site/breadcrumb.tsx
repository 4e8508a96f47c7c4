import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export interface Crumb {
  name: string;
  path: string;
}

/** The visible trail; the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={item.path} className="flex items-center gap-1">
            {i > 0 ? <ChevronRight className="h-4 w-4" aria-hidden="true" /> : null}
            {i === items.length - 1 ? (
              <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
                {item.name}
              </span>
            ) : (
              <Link to={item.path} className="hover:text-brand-700 hover:underline dark:hover:text-brand-dark">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
