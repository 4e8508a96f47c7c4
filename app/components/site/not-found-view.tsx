import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The in-layout "not found" view for tools, posts and pages. */
export function NotFoundView({ title, text, linkTo, linkLabel }: { title: string; text: string; linkTo: string; linkLabel: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{text}</p>
      <Link to={linkTo} className={buttonClass("primary")}>
        {linkLabel}
      </Link>
    </div>
  );
}
