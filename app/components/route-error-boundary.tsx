import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { SiteSearchForm } from "#app/components/site/site-search-form.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { isAccessDenied } from "#app/lib/access-denied.ts";

// The one error boundary of the app: each route module says which screen an error gets, this file
// draws it. Routes export `const ErrorBoundary = errorBoundary(look, choose)`.

/** What a visitor sees instead of the route: a heading, a sentence and, mostly, a way back. */
export type ErrorScreen = { title: string; text: string; link?: { to: string; label: string } };

/**
 * Where the screen sits: `page` is a whole page of its own (the root, the site layout: no layout
 * around it, a plain link that reloads), `site` inside the public layout, `admin` inside the admin layout.
 */
export type ErrorLook = "page" | "site" | "admin";

/** The error as the routes choose by: the HTTP status (500 for a thrown exception) and an error response's data. */
export type RouteErrorInfo = { status: number; data: unknown };

export function routeErrorInfo(error: unknown): RouteErrorInfo {
  return isRouteErrorResponse(error) ? { status: error.status, data: error.data as unknown } : { status: 500, data: null };
}

/** A chooser for routes that only draw their own 404: anything else goes on to the parent boundary. */
export const notFoundOnly =
  (screen: ErrorScreen) =>
  (error: RouteErrorInfo): ErrorScreen | null =>
    error.status === 404 ? screen : null;

/** A route module's ErrorBoundary: the screen `choose` picks, or (null) the error is rethrown to the parent's boundary. */
export function errorBoundary(look: ErrorLook, choose: (error: RouteErrorInfo) => ErrorScreen | null) {
  return function ErrorBoundary() {
    const error = useRouteError();
    const screen = choose(routeErrorInfo(error));
    if (!screen) throw error;
    return <ErrorView look={look} screen={screen} notFound={routeErrorInfo(error).status === 404} />;
  };
}

/** An admin edit screen's boundary: "<Noun> not found" for a 404, `failed` for anything else, both with the way back to the list. */
export function editScreenBoundary({ noun, back, failed }: { noun: string; back: { to: string; label: string }; failed: string }) {
  return errorBoundary("admin", (error) =>
    // Access Denied is the admin layout's screen
    isAccessDenied(error)
      ? null
      : error.status === 404
      ? { title: `${noun} not found`, text: `This ${noun.toLowerCase()} does not exist or was deleted.`, link: back }
        : { title: "Something went wrong", text: failed, link: back },
  );
}

export function ErrorView({ look, screen, notFound = false }: { look: ErrorLook; screen: ErrorScreen; notFound?: boolean }) {
  const { title, text, link } = screen;
  if (look === "site") {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-slate-600 dark:text-slate-400">{text}</p>
        {link ? (
          <Link to={link.to} className={buttonClass("primary")}>
            {link.label}
          </Link>
        ) : null}
        {/* a visitor who followed a dead link can look for what they wanted (issue 31, finding 4) */}
        {notFound ? <SiteSearchForm /> : null}
      </div>
    );
  }
  if (look === "admin") {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{text}</p>
        {link ? (
          <Link to={link.to} className={`${buttonClass("secondary")} mt-4`}>
            {link.label}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">{title}</h1>
      <p className="text-lg text-slate-600 dark:text-slate-400">{text}</p>
      {link ? (
        // a full load: whatever broke this page is not carried into the next one
        <a href={link.to} className="text-brand-600 underline hover:text-brand-700">
          {link.label}
        </a>
      ) : null}
    </main>
  );
}
