import { Search } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * The tool search as a form (issue 31): a GET to /tools?q=, whose list ranks the tools as the
 * Ctrl/Cmd+K palette does (app/lib/tool-search.ts). Works without JavaScript; shown where a visitor
 * is lost (the not-found pages).
 */
export function SiteSearchForm() {
  const id = useId();
  return (
    <Form method="get" action="/tools" role="search" className="flex w-full max-w-md gap-2">
      <label htmlFor={id} className="sr-only">
        Search tools
      </label>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          id={id}
          type="search"
          name="q"
          placeholder="Search tools..."
          autoComplete="off"
          className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-9 pr-3 text-base focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <button type="submit" className={buttonClass("primary")}>
        Search
      </button>
    </Form>
  );
}
