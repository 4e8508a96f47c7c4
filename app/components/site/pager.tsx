import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { pageHref } from "#app/lib/pagination.ts";

const linkClass =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800";

/**
 * "Previous" / "Page N of M" / "Next" under a list. Links keep the other search parameters
 * (an admin list's sort); page 1 links to the bare path. Nothing is shown for a single page.
 */
export function Pager({ path, page, pageCount, search = "", label = "Pagination" }: { path: string; page: number; pageCount: number; search?: string; label?: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between gap-4" data-testid="pager">
      {page > 1 ? (
        <Link to={pageHref(path, page - 1, search)} rel="prev" className={linkClass}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={pageHref(path, page + 1, search)} rel="next" className={linkClass}>
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
