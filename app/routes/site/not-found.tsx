import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  console.warn(`[404] ${request.method} ${url.pathname}`);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-lg text-slate-600">Oops! Page not found</p>
      <Link to="/" className="text-brand-600 underline hover:text-brand-700">
        Return to Home
      </Link>
    </main>
  );
}
