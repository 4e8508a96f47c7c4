import { ExternalLink } from "lucide-react";

/**
 * "View" for a published post, page or tool, "Preview" for a draft (only an admin sees it, marked
 * as a draft preview): the public address in a new tab (issue 29, finding 6).
 */
export function PublicLink({ href, published, name, className }: { href: string; published: boolean; name: string; className: string }) {
  const label = published ? "View" : "Preview";
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} aria-label={`${label} ${name} (opens in a new tab)`}>
      <ExternalLink className="h-4 w-4" aria-hidden="true" />
      {label}
    </a>
  );
}
