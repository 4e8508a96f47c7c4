import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { cachedPaths, isAvailableOffline, loadEngines } from "#app/lib/pwa/offline-status.ts";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { listToolCards } from "#app/server/queries/tools.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/offline";

// The page the service worker shows for a page that is neither reachable nor cached (decision 049).
// It is precached when the worker installs, so its list of tools is that build's; which of them
// this device holds is read from the caches in the browser.

export async function loader() {
  const tools = await listToolCards(services().database.db);
  return { tools: tools.map(({ slug, name, icon }) => ({ slug, name, icon })) };
}

export const meta: Route.MetaFunction = ({ matches }) => publicMeta(matches, { title: "Offline", path: "/offline", noindex: true });

type Tool = Route.ComponentProps["loaderData"]["tools"][number];

export default function OfflinePage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const from = params.get("from");
  const [available, setAvailable] = useState<Tool[] | null>(null);
  useEffect(() => {
    void Promise.all([loadEngines(), cachedPaths()])
      .then(([engines, cached]) => setAvailable(loaderData.tools.filter((tool) => isAvailableOffline(tool.slug, engines, cached))))
      .catch(() => setAvailable([]));
  }, [loaderData.tools]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <WifiOff className="h-8 w-8 text-slate-500" aria-hidden="true" /> You are offline
      </h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        {from && /^\/(?!\/)/.test(from) ? (
          <>
            <a href={from} className="font-medium text-brand-700 underline dark:text-brand-dark">
              {from}
            </a>{" "}
            is not on this device yet. Try again when you are back online.
          </>
        ) : (
          "This page is not on this device yet. Try again when you are back online."
        )}
      </p>
      <h2 className="mt-10 text-xl font-semibold">Tools available offline</h2>
      {available === null ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">Checking which tools are on this device…</p>
      ) : available.length === 0 ? (
        <p data-testid="offline-tools-empty" className="mt-3 text-slate-600 dark:text-slate-400">
          None yet. A tool works offline after you open it once online; file tools after you press “Make available offline” on their page.
        </p>
      ) : (
        <ul data-testid="offline-tools" className="mt-4 grid gap-3 sm:grid-cols-2">
          {available.map((tool) => (
            <li key={tool.slug}>
              {/* a full page load: the service worker answers it from its cache */}
              <a
                href={`/tool/${tool.slug}`}
                className="flex items-center gap-3 rounded-lg border border-slate-200 p-4 font-medium hover:border-brand-500 dark:border-slate-800"
              >
                <span className="text-2xl" aria-hidden="true">
                  {tool.icon}
                </span>
                {tool.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
