import { Link } from "react-router";

export interface ToolCardData {
  slug: string;
  name: string;
  description: string;
  category: string;
  icon: string;
}

export function ToolCard({ tool, headingLevel: Heading = "h3" }: { tool: ToolCardData; headingLevel?: "h2" | "h3" }) {
  return (
    <Link
      to={`/tool/${tool.slug}`}
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 transition hover:border-brand-500 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500"
    >
      <span className="text-3xl" aria-hidden="true">
        {tool.icon}
      </span>
      <span className="mt-3 text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-dark">{tool.category}</span>
      <Heading className="mt-1 font-semibold text-slate-900 group-hover:text-brand-700 dark:text-slate-100 dark:group-hover:text-brand-dark">{tool.name}</Heading>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{tool.description}</p>
    </Link>
  );
}
