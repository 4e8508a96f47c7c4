import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/site/home.tsx"),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
    ]),
  ]),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
