// The site driven over plain HTTP as a browser would drive it, for tests and benchmarks that run
// the production server as a separate process (tests/scale/, bench/load.ts, the backup test):
// better-auth's sign-up and sign-in, and the admin's forms posted to the routes' `.data` URLs with
// the session cookie and the Origin the same-origin guard wants (what the admin's fetchers send).
// `origin` is where the request goes (an instance or the proxy); `site` is PUBLIC_URL, the Origin
// a browser on the site sends. A write sent to an instance itself, past the proxy, carries the
// X-Forwarded-Host the proxy would add (the instances trust loopback), so the action guard sees
// the site's address as nginx would pass it.

export interface Account {
  email: string;
  password: string;
  name: string;
}

export interface Answer {
  status: number;
  text: string;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Origin, and X-Forwarded-Host when the request bypasses the proxy in front of `site`. */
function writeHeaders(origin: string, site: string): Record<string, string> {
  return origin === site ? { origin: site } : { origin: site, "x-forwarded-host": new URL(site).host };
}

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, text: await response.text() };
}

/** POST /api/auth/sign-up/email (the first account of a site becomes its admin). */
export async function signUp(origin: string, site: string, account: Account): Promise<Answer> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", ...writeHeaders(origin, site) },
    body: JSON.stringify(account),
  });
  return answer(response);
}

/** POST /api/auth/sign-in/email: the session cookie, or the refusal. */
export async function signIn(origin: string, site: string, credentials: { email: string; password: string }, headers: Record<string, string> = {}): Promise<{ status: number; cookie: string; text: string }> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", ...writeHeaders(origin, site), ...headers },
    body: JSON.stringify(credentials),
  });
  return { status: response.status, cookie: cookieOf(response), text: await response.text() };
}

export async function signOut(origin: string, site: string, cookie: string): Promise<Answer> {
  return answer(await fetch(`${origin}/api/auth/sign-out`, { method: "POST", headers: { cookie, ...writeHeaders(origin, site), "content-type": "application/json" }, body: "{}" }));
}

/** Whether `cookie` is a signed-in admin's session there: /admin/blog answers 200, not a redirect to sign-in. */
export async function isAdminSession(origin: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${origin}/admin/blog`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  return response.status === 200;
}

/** An admin form posted to `path` (an admin route, without `.data`), as the route's fetcher sends it. */
export async function postAdminForm(origin: string, site: string, cookie: string, path: string, form: URLSearchParams | FormData): Promise<Answer> {
  const response = await fetch(`${origin}${path}.data`, {
    method: "POST",
    headers: { cookie, ...writeHeaders(origin, site), ...(form instanceof URLSearchParams ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return answer(response);
}

export interface PostFields {
  title: string;
  slug: string;
  content: string;
  excerpt?: string;
  published: boolean;
  /** a wall time in the site's time zone (`2026-11-28T20:15`): published from then on */
  publishAt?: string;
  /** a thumbnail image, uploaded with the form */
  thumbnail?: { name: string; type: string; bytes: Uint8Array };
}

/** The post editor's form: a new post, or the post `id` saved again. */
export function postForm(fields: PostFields): FormData | URLSearchParams {
  const values: Record<string, string> = {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt ?? "",
    content: fields.content,
    keywords: "",
    ...(fields.published ? { published: "on" } : {}),
    ...(fields.publishAt ? { publishMode: "schedule", publishAt: fields.publishAt } : { publishMode: "now" }),
  };
  if (!fields.thumbnail) return new URLSearchParams(values);
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  form.set("thumbnailFile", new File([new Uint8Array(fields.thumbnail.bytes)], fields.thumbnail.name, { type: fields.thumbnail.type }));
  return form;
}

/** Saves a post through the editor's action (a new one without `id`); 200 when the site saved it. */
export function savePost(origin: string, site: string, cookie: string, fields: PostFields, id?: number): Promise<Answer> {
  return postAdminForm(origin, site, cookie, id === undefined ? "/admin/blog/new" : `/admin/blog/${id}`, postForm(fields));
}

/** Deletes post `id` from the posts list's action. */
export function deletePost(origin: string, site: string, cookie: string, id: number): Promise<Answer> {
  return postAdminForm(origin, site, cookie, "/admin/blog", new URLSearchParams({ intent: "delete", id: String(id) }));
}

/** Saves General Settings with these values for the switches and the site name (the rest at their defaults). */
export function saveGeneralSettings(origin: string, site: string, cookie: string, settings: { siteName: string; maintenance: boolean; allowNewAccounts?: boolean }): Promise<Answer> {
  const form = new URLSearchParams({ site_name: settings.siteName, site_url: "/", sidebar_bg_color: "#1f2937", sidebar_text_color: "#ffffff" });
  if (settings.maintenance) form.set("maintenance_mode", "on");
  if (settings.allowNewAccounts ?? true) form.set("allow_new_accounts", "on");
  return postAdminForm(origin, site, cookie, "/admin/settings", form);
}
