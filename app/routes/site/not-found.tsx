import { data, Link } from "react-router";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  console.warn(`[404] ${request.method} ${url.pathname}`);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => publicMeta(matches, { title: "Page not found", path: location.pathname, noindex: true });

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-lg text-slate-600 dark:text-slate-400">Oops! Page not found</p>
      <Link to="/" className="text-brand-700 underline hover:text-brand-600 dark:text-brand-dark">
        Return to Home
      </Link>
    </div>
  );
}
