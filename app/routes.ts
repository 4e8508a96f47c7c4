import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Browser-test harness pages, registered only when the build (or the dev server) runs with
// E2E_TEST_TOOLS=1: `npm test` and `npm run test:e2e` build that way, `npm run build` and
// `npm start` do not. Their loaders also answer 404 unless the server runs with it (second fence).
const testHarness =
  process.env.E2E_TEST_TOOLS === "1"
    ? [
        // the file-tool frame with a slow checksum job (tests/e2e/file-tool-frame.spec.ts)
        route("__test/file-tool", "routes/test/slow-job.tsx"),
        // the media engines' workers, driven directly (tests/e2e/media-*-engine.spec.ts)
        route("__test/media", "routes/test/media-engines.tsx"),
        // the publishing clock, moved forward instead of sleeping (tests/e2e/admin-schedule.spec.ts)
        route("__test/clock", "routes/test/clock.ts"),
        // the share target's service-worker handler run in the page (tests/e2e/open-with.spec.ts)
        route("__test/share-target", "routes/test/share-target.tsx"),
        // a new deployment of the service worker, without a rebuild (tests/e2e/pwa-offline.spec.ts)
        route("__test/deployment", "routes/test/deployment.ts"),
      ]
    : [];

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
    // the installed app's "Open with" and "Share" land here (app/lib/pwa/file-handlers.ts)
    route("open", "routes/site/open.tsx"),
    route("offline", "routes/site/offline.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  ...testHarness,
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("rss.xml", "routes/seo/feed.ts", { id: "feed-blog" }),
  route("blog/category/:category/rss.xml", "routes/seo/feed.ts", { id: "feed-category" }),
  route("search-index.json", "routes/site/search-index.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("manifest.webmanifest", "routes/seo/manifest.ts"),
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
      // the sidebar's "Posts" by its name (ADMIN_NAV_ALIASES)
      route("posts/*", "routes/admin/nav-alias.ts"),
      route("categories", "routes/admin/categories.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("pages", "routes/admin/pages.tsx"),
      route("pages/new", "routes/admin/page-edit.tsx", { id: "admin-page-new" }),
      route("pages/:id", "routes/admin/page-edit.tsx", { id: "admin-page-edit" }),
      route("menu", "routes/admin/menu.tsx"),
      route("ads", "routes/admin/ads.tsx"),
      route("seo", "routes/admin/seo.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("redirects", "routes/admin/redirects.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("password", "routes/admin/password.tsx"),
    ]),
    // resource routes (no layout): uploads from the editor and forms
    route("api/upload", "routes/admin/api.upload.ts"),
    route("redirects/export.csv", "routes/admin/redirects.export.ts"),
  ]),
] satisfies RouteConfig;
