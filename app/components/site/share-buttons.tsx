import { ExternalLink, Link2 } from "lucide-react";
import { toast } from "#app/components/ui/toast.tsx";

const buttonClass =
  "inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800";

/** Share links open the networks' own share pages; Copy Link puts the canonical URL on the clipboard. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const tweet = `https://twitter.com/intent/tweet?${new URLSearchParams({ url, text: title })}`;
  const linkedin = `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied", { description: "The article's address is on your clipboard." });
    } catch {
      toast.error("Could not copy the link", { description: url });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Share this article" role="group">
      <a href={tweet} target="_blank" rel="noopener noreferrer" className={buttonClass}>
        Twitter <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
      </a>
      <a href={linkedin} target="_blank" rel="noopener noreferrer" className={buttonClass}>
        LinkedIn <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
      </a>
      <button type="button" onClick={copy} className={buttonClass}>
        <Link2 className="h-4 w-4" aria-hidden="true" /> Copy Link
      </button>
    </div>
  );
}
