import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkbox, required, text } from "./form-fields.ts";
import { checkForm, fieldErrorsOf, formErrors, formObject } from "./forms.ts";

const form = (entries: [string, string | File][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe("formObject", () => {
  it("keeps one value as a value and makes repeated keys an array, in posting order", () => {
    expect(formObject(form([["tag", "a"], ["name", "N"], ["tag", "b"], ["tag", "c"]]))).toEqual({ tag: ["a", "b", "c"], name: "N" });
  });

  it("keeps empty strings, leaves unchecked checkboxes absent and files as File", () => {
    const file = new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" });
    const out = formObject(form([["title", ""], ["logo", file], ["published", "on"]]));
    expect(out.title).toBe("");
    expect(out.published).toBe("on");
    expect(out).not.toHaveProperty("featured");
    expect(out.logo).toBeInstanceOf(File);
    expect((out.logo as File).size).toBe(3);
  });

  it("treats a key like __proto__ as a plain field", () => {
    const out = formObject(form([["__proto__", "x"]]));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
  });
});

const schema = z.object({
  title: required("Title", 10),
  body: text(5),
  featured: checkbox,
  tags: z.array(z.string()).max(2, "At most 2 tags").optional(),
});

describe("checkForm", () => {
  it("parses a valid form: trimmed text, an absent checkbox is false, a present one true", () => {
    expect(checkForm(schema, form([["title", " Hello "], ["body", ""]]))).toEqual({ ok: true, data: { title: "Hello", body: "", featured: false } });
    expect(checkForm(schema, form([["title", "A"], ["featured", "on"]]))).toMatchObject({ ok: true, data: { featured: true, body: "" } });
  });

  it("gives one message per field (the first), and the first message overall", () => {
    const checked = checkForm(schema, form([["title", "   "], ["body", "far too long"]]));
    expect(checked).toEqual({ ok: false, fieldErrors: { title: "Title is required", body: "At most 5 characters" }, firstMessage: "Title is required" });
  });

  it("reads repeated keys as an array for the schema", () => {
    expect(checkForm(schema, form([["title", "A"], ["tags", "x"], ["tags", "y"]]))).toMatchObject({ ok: true, data: { tags: ["x", "y"] } });
    expect(checkForm(schema, form([["title", "A"], ["tags", "x"], ["tags", "y"], ["tags", "z"]]))).toMatchObject({ ok: false, fieldErrors: { tags: "At most 2 tags" } });
  });

  it("checks already-gathered values too", () => {
    expect(checkForm(schema, { title: "" })).toMatchObject({ ok: false, fieldErrors: { title: "Title is required" } });
  });
});

describe("fieldErrorsOf and formErrors", () => {
  it("files an issue without a path under 'form' and keeps the first message of a field", () => {
    const whole = z.object({ a: z.string().min(2, "first").regex(/^x/, "second") }).refine(() => false, "The whole form is wrong");
    const result = whole.safeParse({ a: "b" });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({ a: "first", form: "The whole form is wrong" });
    const onlyRefine = whole.safeParse({ a: "xx" });
    expect(fieldErrorsOf(onlyRefine.error!)).toEqual({ form: "The whole form is wrong" });
  });

  it("formErrors is null for a valid form, the field messages otherwise", () => {
    expect(formErrors(schema, form([["title", "Ok"]]))).toBeNull();
    expect(formErrors(schema, form([]))).toEqual({ title: "Title is required" });
  });
});
