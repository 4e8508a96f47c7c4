import { z } from "zod";
import { checkForm, type FieldErrors, type FormCheck } from "#app/lib/forms.ts";
import { isHttpUrl } from "./site-settings-forms.ts";

// The Menu Management forms, to add an item and to edit one (label and URL required, otherwise the
// toast 'Please fill in both label and URL'). The URL can be typed or picked from the site's pages,
// posts, tools and categories. The spec's optional "Author URL" is not asked for (issue 29): no page
// of the site shows it, so the column stays empty.

export const MENU_TYPES = ["header", "footer"] as const;
export type MenuType = (typeof MENU_TYPES)[number];
export const MENU_FILL_MESSAGE = "Please fill in both label and URL";
export const MENU_URL_MESSAGE = "Use a path on this site starting with / (like /tools) or a full http(s) URL";

/** A path on this site ("/tools", "/page/about#team"; not "//host") or an absolute http(s) URL. */
export function isMenuUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
  return isHttpUrl(value);
}

/** True when the required fields are missing (the one check behind the toast, in the browser and on the server). */
export function menuFieldsMissing(label: unknown, url: unknown): boolean {
  return typeof label !== "string" || label.trim() === "" || typeof url !== "string" || url.trim() === "";
}

export const menuItemSchema = z.object({
  menu_type: z.enum(MENU_TYPES, { error: "Choose the header or the footer menu" }),
  label: z.string({ error: MENU_FILL_MESSAGE }).trim().min(1, MENU_FILL_MESSAGE).max(100, "At most 100 characters"),
  url: z.string({ error: MENU_FILL_MESSAGE }).trim().min(1, MENU_FILL_MESSAGE).max(2_000, "At most 2000 characters").refine(isMenuUrl, MENU_URL_MESSAGE),
});
export type MenuItemInput = z.infer<typeof menuItemSchema>;

/** The edit form: an item's label and target (it stays in its menu and place). */
export const menuItemEditSchema = menuItemSchema.pick({ label: true, url: true });
export type MenuItemEdit = z.infer<typeof menuItemEditSchema>;

/** The form with its URL taken from the picker ("target") when the URL field was left empty (the picker without script). */
export function withPickedTarget(form: FormData): FormData {
  const url = form.get("url");
  const target = form.get("target");
  if ((typeof url === "string" && url.trim() !== "") || typeof target !== "string" || target === "") return form;
  const next = new FormData();
  for (const [key, value] of form) if (key !== "url") next.append(key, value);
  next.set("url", target);
  return next;
}

/** The add form's one check, in the browser and on the server: both required fields first (the spec's one toast), then the schema. */
export function checkMenuItem(form: FormData): FormCheck<MenuItemInput> {
  return checkMenuFields(form, menuItemSchema);
}

/** The edit form's check: the same rules for the label and URL. */
export function checkMenuItemEdit(form: FormData): FormCheck<MenuItemEdit> {
  return checkMenuFields(form, menuItemEditSchema);
}

function checkMenuFields<S extends z.ZodType>(raw: FormData, schema: S): FormCheck<z.infer<S>> {
  const form = withPickedTarget(raw);
  const label = form.get("label");
  const url = form.get("url");
  if (!menuFieldsMissing(label, url)) return checkForm(schema, form);
  const fieldErrors: FieldErrors = {};
  if (typeof label !== "string" || !label.trim()) fieldErrors.label = MENU_FILL_MESSAGE;
  if (typeof url !== "string" || !url.trim()) fieldErrors.url = MENU_FILL_MESSAGE;
  return { ok: false, fieldErrors, firstMessage: MENU_FILL_MESSAGE };
}
