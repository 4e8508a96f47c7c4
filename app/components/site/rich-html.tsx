import { fillSiteName } from "#app/lib/site-name-token.ts";
import { useSiteShell } from "./use-site-shell.ts";

/**
 * HTML that the server already sanitised (see server/html/sanitize.server.ts), with article
 * typography; {{site_name}} reads the current site name (site-name-token.ts).
 */
export function RichHtml({ html, className = "" }: { html: string; className?: string }) {
  const { site } = useSiteShell();
  return (
    <div
      className={`prose prose-slate max-w-none dark:prose-invert prose-a:text-brand-700 dark:prose-a:text-brand-dark prose-img:rounded-lg ${className}`}
      dangerouslySetInnerHTML={{ __html: fillSiteName(html, site.name) }}
    />
  );
}
