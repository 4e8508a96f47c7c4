import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorView, notFoundOnly, routeErrorInfo, type ErrorLook, type ErrorScreen } from "./route-error-boundary.tsx";

/** What a throwing function threw. */
function thrown(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** ErrorView rendered inside a router (its links need one). */
function render(look: ErrorLook, screen: ErrorScreen): string {
  const router = createMemoryRouter([{ path: "/", element: createElement(ErrorView, { look, screen }) }]);
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

describe("routeErrorInfo", () => {
  it("reads the status and data of an error response, and calls anything else a 500", () => {
    const response = { status: 404, statusText: "Not Found", internal: false, data: { missing: "category" } };
    expect(routeErrorInfo(response)).toEqual({ status: 404, data: { missing: "category" } });
    expect(routeErrorInfo(new Error("boom"))).toEqual({ status: 500, data: null });
    expect(routeErrorInfo(thrown(() => JSON.parse("{")))).toEqual({ status: 500, data: null });
  });
});

describe("notFoundOnly", () => {
  const screen = { title: "Tool Not Found", text: "We couldn't find the tool you're looking for.", link: { to: "/tools", label: "View All Tools" } };
  it("draws the 404 and hands anything else on (null)", () => {
    expect(notFoundOnly(screen)({ status: 404, data: null })).toBe(screen);
    expect(notFoundOnly(screen)({ status: 500, data: null })).toBeNull();
    expect(notFoundOnly(screen)({ status: 503, data: null })).toBeNull();
  });
});

describe("ErrorView", () => {
  const screen = { title: "Post not found", text: "This post does not exist or was deleted.", link: { to: "/admin/blog", label: "Back to posts" } };

  it("puts the title in the one h1, the text and the way back in every look", () => {
    for (const look of ["page", "site", "admin"] as const) {
      const html = render(look, screen);
      expect(html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1], look).toBe("Post not found");
      expect(html, look).toContain("This post does not exist or was deleted.");
      expect(html, look).toMatch(/<a [^>]*href="\/admin\/blog"[^>]*>Back to posts<\/a>/);
    }
  });

  it("leaves the link out when the screen has none (the maintenance page)", () => {
    const html = render("page", { title: "We'll be back soon", text: "The site is down for scheduled maintenance." });
    expect(html).not.toContain("<a ");
    expect(html).toContain("We&#x27;ll be back soon");
  });
});
