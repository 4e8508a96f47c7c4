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
    route("licenses", "routes/site/licenses.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // browser-test harness for the file-tool frame; 404 unless E2E_TEST_TOOLS=1
  route("__test/file-tool", "routes/test/slow-job.tsx"),
  // browser-test harness for the media engines' workers; 404 unless E2E_TEST_TOOLS=1
  route("__test/media", "routes/test/media-engines.tsx"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("search-index.json", "routes/site/search-index.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("tools", "routes/admin/tools.tsx"),
      route("tools/new", "routes/admin/tool-edit.tsx", { id: "admin-tool-new" }),
      route("tools/:id", "routes/admin/tool-edit.tsx", { id: "admin-tool-edit" }),
      route("blog", "routes/admin/posts.tsx"),
      route("blog/new", "routes/admin/post-edit.tsx", { id: "admin-post-new" }),
      route("blog/:id", "routes/admin/post-edit.tsx", { id: "admin-post-edit" }),
      route("pages", "routes/admin/pages.tsx"),
      route("pages/new", "routes/admin/page-edit.tsx", { id: "admin-page-new" }),
      route("pages/:id", "routes/admin/page-edit.tsx", { id: "admin-page-edit" }),
      route("menu", "routes/admin/menu.tsx"),
      route("ads", "routes/admin/ads.tsx"),
      route("seo", "routes/admin/seo.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("password", "routes/admin/password.tsx"),
    ]),
    // resource routes (no layout): uploads from the editor and forms
    route("api/upload", "routes/admin/api.upload.ts"),
  ]),
] satisfies RouteConfig;
