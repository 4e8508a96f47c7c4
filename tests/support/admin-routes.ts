import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

// Every admin route module, read from the route config itself so a new one cannot be forgotten.
export function adminRoutes(entries: RouteConfigEntry[], parentPath = ""): { file: string; path: string }[] {
  return entries.flatMap((entry) => {
    const full = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const own = full === "admin" || full.startsWith("admin/") || (!entry.path && parentPath.startsWith("admin")) ? [{ file: entry.file, path: full }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], full)];
  });
}

export const ADMIN_ROUTES = adminRoutes(routes);

type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
export type RouteModule = { loader?: Handler; action?: Handler };

/** The route module of a route config entry's file, as React Router would load it. */
export const importRoute = async (file: string) => (await import(/* @vite-ignore */ `#app/${file.replace(/\.tsx?$/, "")}`)) as RouteModule;
