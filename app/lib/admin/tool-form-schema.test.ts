import { describe, expect, it } from "vitest";
import { fieldErrorsOf, formObject } from "#app/lib/forms.ts";
import { TOOL_CATEGORIES } from "#app/tools/types.ts";
import { toolFormSchema } from "./tool-form-schema.ts";

const valid = {
  name: "  E2E Test Converter ",
  slug: "E2E Test Converter!!",
  description: " Converts tests ",
  category: "Image",
  icon: "",
  search_volume: "1200",
  is_featured: "on",
  content: "<p>About</p>",
  blog_content: "",
  meta_keywords: "a, b",
  meta_description: "desc",
};

const errorsOf = (input: Record<string, unknown>) => {
  const result = toolFormSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe("toolFormSchema", () => {
  it("trims, normalises the slug, defaults the icon and reads the switch and number", () => {
    expect(toolFormSchema.parse(valid)).toEqual({
      name: "E2E Test Converter",
      slug: "e2e-test-converter",
      description: "Converts tests",
      category: "Image",
      icon: "📄",
      search_volume: 1200,
      is_featured: true,
      content: "<p>About</p>",
      blog_content: "",
      meta_keywords: "a, b",
      meta_description: "desc",
    });
  });

  it("treats a missing switch as off, an empty search volume as 0 and keeps a chosen icon", () => {
    const { is_featured: _, ...rest } = valid;
    const parsed = toolFormSchema.parse({ ...rest, search_volume: "", icon: "🎵" });
    expect(parsed.is_featured).toBe(false);
    expect(parsed.search_volume).toBe(0);
    expect(parsed.icon).toBe("🎵");
  });

  it("requires name, slug and category", () => {
    expect(errorsOf({ ...valid, name: "  ", slug: "!!!", category: "" })).toEqual({
      name: "Name is required",
      slug: "Slug is required",
      category: "Category is required",
    });
    expect(errorsOf({ search_volume: "0" })).toMatchObject({ name: "Name is required", slug: "Slug is required", category: "Category is required" });
  });

  it("accepts only the catalogue's categories", () => {
    for (const category of TOOL_CATEGORIES) expect(errorsOf({ ...valid, category })).toEqual({});
    expect(errorsOf({ ...valid, category: "Games" })).toEqual({ category: "Choose one of the listed categories" });
    expect(errorsOf({ ...valid, category: "image" })).toEqual({ category: "Choose one of the listed categories" });
  });

  it("wants a whole, non-negative search volume", () => {
    expect(errorsOf({ ...valid, search_volume: "-1" })).toEqual({ search_volume: "Search Volume cannot be negative" });
    expect(errorsOf({ ...valid, search_volume: "1.5" })).toEqual({ search_volume: "Search Volume must be a whole number" });
    expect(errorsOf({ ...valid, search_volume: "lots" })).toHaveProperty("search_volume");
  });

  it("limits lengths", () => {
    expect(errorsOf({ ...valid, name: "x".repeat(201) })).toEqual({ name: "At most 200 characters" });
    expect(errorsOf({ ...valid, icon: "x".repeat(33) })).toHaveProperty("icon");
  });
});

describe("formObject", () => {
  it("turns FormData into an object", () => {
    const form = new FormData();
    form.set("name", "A");
    form.set("is_featured", "on");
    expect(formObject(form)).toEqual({ name: "A", is_featured: "on" });
  });
});
