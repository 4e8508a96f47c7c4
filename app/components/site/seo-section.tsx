import { useId } from "react";
import { RichHtml } from "./rich-html.tsx";

/** A published content section (home_seo, tools_seo): its title and sanitised article below a page. */
export function SeoSection({ section }: { section: { title: string; html: string } | null }) {
  const headingId = useId();
  if (!section) return null;
  return (
    <section aria-labelledby={headingId} className="mt-16 border-t border-slate-200 pt-12 dark:border-slate-800">
      <h2 id={headingId} className="text-2xl font-bold">
        {section.title}
      </h2>
      <RichHtml html={section.html} className="mt-4" />
    </section>
  );
}
