import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FileInput, NO_FILE_CHOSEN } from "./file-input.tsx";

// Issue 29, finding 7: native file inputs were cut to "No fil…hosen" in the admin's narrow columns.

describe("FileInput", () => {
  it("keeps a real, named, focusable file input and draws a button and the (whole) chosen name beside it", () => {
    const html = renderToStaticMarkup(createElement(FileInput, { id: "logo", name: "site_logo_file", accept: "image/png", "aria-describedby": "logo-note" }));
    expect(html).toMatch(/<input[^>]*type="file"/);
    expect(html).toMatch(/<input[^>]*id="logo"[^>]*name="site_logo_file"|<input[^>]*name="site_logo_file"[^>]*id="logo"/);
    expect(html).toMatch(/<input[^>]*aria-describedby="logo-note"/);
    // visually hidden, never display:none or tabindex=-1: the keyboard still reaches it
    expect(html).toMatch(/<input[^>]*class="peer sr-only"/);
    expect(html).not.toMatch(/tabindex="-1"|hidden=""/);
    expect(html).toContain("Choose file");
    // the name wraps rather than being cut off
    expect(html).toMatch(new RegExp(`class="[^"]*break-all[^"]*">${NO_FILE_CHOSEN}<`));
    expect(html).not.toMatch(/truncate|text-ellipsis/);
  });
});

/** Every .tsx under a folder. */
function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? tsxFiles(file) : entry.name.endsWith(".tsx") ? [file] : [];
  });
}

describe("the admin has no native file input of its own", () => {
  it("every file field in app/routes/admin and app/components/admin is a FileInput", () => {
    const admin = [...tsxFiles("app/routes/admin"), ...tsxFiles("app/components/admin")];
    const bare = admin.filter((file) => /type=["{]?["']?file\b/.test(fs.readFileSync(file, "utf8")));
    expect(bare).toEqual([]);
    // and the screens that take files do use it
    const users = admin.filter((file) => /<FileInput\b/.test(fs.readFileSync(file, "utf8"))).map((f) => path.basename(f)).toSorted();
    expect(users).toEqual(["image-dialog.tsx", "image-upload-field.tsx", "media-screen.tsx", "redirects.tsx", "seo.tsx", "thumbnail-field.tsx"]);
  });
});
