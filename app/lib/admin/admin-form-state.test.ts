import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ActionResult } from "#app/lib/forms.ts";
import { checkBeforeSending, shownErrors, withoutFields } from "./admin-form-state.ts";

const schema = z.object({ title: z.string().trim().min(1, "Title is required"), slug: z.string().min(1, "Slug is required") });
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

/** A screen's own check: only a file named bad.txt is refused. */
const check = (data: FormData) => (data.get("file") === "bad.txt" ? { file: "Choose an XML file." } : null);

describe("checkBeforeSending", () => {
  it("stops a form the schema refuses, with the first message per field", () => {
    expect(checkBeforeSending(form({ title: " ", slug: "" }), { schema })).toEqual({ title: "Title is required", slug: "Slug is required" });
  });

  it("lets a valid form go, and any form when there is nothing to check", () => {
    expect(checkBeforeSending(form({ title: "A", slug: "a" }), { schema })).toBeNull();
    expect(checkBeforeSending(form({}), {})).toBeNull();
  });

  it("asks the screen's own check first and falls back to the schema when it finds nothing", () => {
    expect(checkBeforeSending(form({ file: "bad.txt" }), { schema, check })).toEqual({ file: "Choose an XML file." });
    expect(checkBeforeSending(form({ file: "ok.xml", title: "", slug: "a" }), { schema, check })).toEqual({ title: "Title is required" });
    expect(checkBeforeSending(form({ file: "ok.xml" }), { check })).toBeNull();
  });
});

describe("shownErrors", () => {
  const refused: ActionResult = { ok: false, message: "Please correct the highlighted fields.", fieldErrors: { slug: "Taken" } };

  it("shows the browser's messages over the server's", () => {
    expect(shownErrors({ title: "Title is required" }, refused, true)).toEqual({ title: "Title is required" });
  });

  it("shows the server's field messages once its answer is in, none while a submit is on its way", () => {
    expect(shownErrors(null, refused, true)).toEqual({ slug: "Taken" });
    expect(shownErrors(null, refused, false)).toEqual({});
  });

  it("shows nothing for a success, a failure without field messages or no answer yet", () => {
    expect(shownErrors(null, { ok: true, message: "Saved" }, true)).toEqual({});
    expect(shownErrors(null, { ok: false, message: "Failed" }, true)).toEqual({});
    expect(shownErrors(null, undefined, true)).toEqual({});
  });
});

describe("withoutFields", () => {
  it("drops the named fields' messages and keeps the others", () => {
    expect(withoutFields({ name: "Name is required", slug: "Taken", category: "Pick one" }, ["name", "slug"])).toEqual({ category: "Pick one" });
  });

  it("hands back the same object when none of the fields had a message", () => {
    const errors = { category: "Pick one" };
    expect(withoutFields(errors, ["name"])).toBe(errors);
  });
});
