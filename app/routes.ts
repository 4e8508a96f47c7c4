import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("tools", "routes/site/tools.tsx"),
    route("tool/:slug", "routes/site/tool.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/category/:category", "routes/site/blog-category.tsx"),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    route("page/:slug", "routes/site/page.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
