// Scaling out (issue 32): two production servers (A and B) on one PostgreSQL database and one S3
// bucket, behind nginx running deploy/nginx.conf (tests/scale/cluster.ts). A write on one instance
// is what the other serves from the next request on: the content-version clock is read per request,
// so these tests allow no interval at all. Sessions, the sign-in throttle and the first-admin rule
// live in the database, uploads in the bucket. The tests run in order on one cluster; the throttle
// test is last because it leaves the proxy's address refused for the rest of the window.
import { readdirSync, statSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { decodePng } from "#codecs/png/decode.ts";
import { encodePng } from "#codecs/png/encode.ts";
import { clusterSkipReason, startCluster, type Cluster } from "./cluster.ts";
import { deletePost, isAdminSession, saveGeneralSettings, savePost, signIn, signOut, signUp, type Account } from "#tests/support/site-http.ts";

const skipReason = clusterSkipReason();
test.skip(skipReason !== null, skipReason ?? "");
test.describe.configure({ mode: "serial" });

let cluster: Cluster;
let A: string;
let B: string;
let site: string;
let admin: Account;
let cookie: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({ instances: 2 });
  [A, B] = cluster.instances.map((instance) => instance.origin) as [string, string];
  site = cluster.proxy;
});

test.afterEach(() => {
  const { status, expectedStatus } = test.info();
  if (status !== expectedStatus && cluster) {
    console.log(cluster.instances.map((i) => `--- instance ${i.name}\n${i.output().slice(-3000)}`).join("\n"), `\n--- nginx\n${cluster.proxyLog().slice(-2000)}`);
  }
});

test.afterAll(async () => {
  await cluster?.stop();
});

const accountNumber = (n: number): Account => ({ email: `racer-${n}@example.com`, password: `scale out password ${n} kestrel`, name: `Racer ${n}` });

/** A write the site acknowledged (200); the answer's text says why when not. */
async function acknowledged(write: Promise<{ status: number; text: string }>): Promise<void> {
  const answer = await write;
  expect(answer.status, answer.text.slice(0, 500)).toBe(200);
}

async function postId(slug: string): Promise<number> {
  const rows = await cluster.query<{ id: number }>("select id from blog_posts where slug = $1", [slug]);
  expect(rows, `post ${slug} in the database`).toHaveLength(1);
  return rows[0]!.id;
}

/** The status of GET `path` there, and whether the page shows `text`. */
async function read(origin: string, path: string, text: string): Promise<{ status: number; shows: boolean; upstream: string | null }> {
  const response = await fetch(origin + path, { headers: { accept: "text/html", "accept-encoding": "gzip, br" } });
  return { status: response.status, shows: (await response.text()).includes(text), upstream: response.headers.get("x-upstream") };
}

test("the first-admin race across both instances makes exactly one admin", async () => {
  // eight sign-ups at once on the empty site, half on each instance
  const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => signUp(n % 2 === 0 ? A : B, site, accountNumber(n))));
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  const admins = await cluster.query<{ email: string }>(`select email from "user" where role = 'admin'`);
  expect(admins).toHaveLength(1);
  admin = accountNumber(Number(/racer-(\d+)@/.exec(admins[0]!.email)![1]));
  // each instance agrees: the admin's session opens the admin, another account's does not
  const other = accountNumber(admin.email === accountNumber(0).email ? 1 : 0);
  for (const origin of [A, B]) {
    const own = await signIn(origin, site, admin);
    expect(own.status).toBe(200);
    expect(await isAdminSession(origin === A ? B : A, own.cookie)).toBe(true);
    const theirs = await signIn(origin, site, other);
    if (theirs.status === 200) expect(await isAdminSession(origin, theirs.cookie)).toBe(false);
  }
});

test("a session made on A works on B, and signing out on B ends it on A", async () => {
  const made = await signIn(A, site, admin);
  expect(made.status).toBe(200);
  expect(await isAdminSession(B, made.cookie)).toBe(true);
  expect(await isAdminSession(site, made.cookie)).toBe(true);
  expect((await signOut(B, site, made.cookie)).status).toBe(200);
  expect(await isAdminSession(A, made.cookie)).toBe(false);
  expect(await isAdminSession(B, made.cookie)).toBe(false);
  cookie = (await signIn(B, site, admin)).cookie;
  expect(await isAdminSession(A, cookie)).toBe(true);
});

test("a post published on A is served by B from the next request on, its cached blog list included", async () => {
  const slug = "published-on-a";
  const title = "Published on instance A";
  // B has the blog list in its page cache (the second read is a hit) and has answered 404 for the post
  for (let i = 0; i < 2; i++) expect(await read(B, "/blog", title)).toMatchObject({ status: 200, shows: false });
  expect((await read(B, `/blog/${slug}`, title)).status).toBe(404);

  await acknowledged(savePost(A, site, cookie, { title, slug, content: "<p>Written through A.</p>", published: true }));
  expect(await read(B, `/blog/${slug}`, title)).toMatchObject({ status: 200, shows: true });
  expect(await read(B, "/blog", title)).toMatchObject({ status: 200, shows: true });
  // through the proxy, both instances in turn
  const upstreams = new Set<string | null>();
  for (let i = 0; i < 4; i++) {
    const seen = await read(site, `/blog/${slug}`, title);
    expect(seen).toMatchObject({ status: 200, shows: true });
    upstreams.add(seen.upstream);
  }
  expect(upstreams.size).toBe(2);
});

interface Reading {
  /** the step the site was at when the read was sent */
  step: number;
  path: string;
  status: number;
  shows: boolean;
  upstream: string;
}

/**
 * `count` visitors reading `paths` through the proxy until stopped. `step` is bumped by the test
 * after each acknowledged write: a read sent after that must see the write, on either instance.
 */
function readers(count: number, paths: readonly string[], text: string) {
  const state = { step: 0, stopped: false };
  const readings: Reading[] = [];
  const loops = Array.from({ length: count }, async (_, n) => {
    for (let i = n; !state.stopped; i++) {
      const step = state.step;
      const path = paths[i % paths.length]!;
      const seen = await read(site, path, text);
      readings.push({ step, path, status: seen.status, shows: seen.shows, upstream: seen.upstream ?? "" });
    }
  });
  /** the reads sent at `step`, once each instance has answered `perInstance` of them */
  const readsAt = async (step: number, perInstance = 24) => {
    await expect
      .poll(() => {
        const counts = new Map<string, number>();
        for (const r of readings) if (r.step === step) counts.set(r.upstream, (counts.get(r.upstream) ?? 0) + 1);
        return counts.size === 2 && [...counts.values()].every((n) => n >= perInstance);
      }, { timeout: 30_000, message: `both instances answering the readers at step ${step}` })
      .toBe(true);
    return readings.filter((r) => r.step === step);
  };
  return {
    readsAt,
    /** the write is acknowledged: reads from now on are the next step's */
    next: () => ++state.step,
    async stop() {
      state.stopped = true;
      await Promise.all(loops);
      return readings;
    },
  };
}

test("unpublish, publish again, delete and maintenance show on both instances under 24 concurrent readers", async () => {
  test.setTimeout(120_000);
  const slug = "read-by-many";
  const title = "Read by twenty-four visitors";
  const post = `/blog/${slug}`;
  await acknowledged(savePost(A, site, cookie, { title, slug, content: "<p>Many readers.</p>", published: true }));
  const id = await postId(slug);
  const visitors = readers(24, [post, "/blog"], title);
  try {
    const shown = (r: Reading) => r.status === 200 && r.shows;
    const hidden = (r: Reading) => (r.path === post ? r.status === 404 : r.status === 200 && !r.shows);
    expect((await visitors.readsAt(0)).filter((r) => !shown(r))).toEqual([]);

    await acknowledged(savePost(A, site, cookie, { title, slug, content: "<p>Many readers.</p>", published: false }, id));
    expect((await visitors.readsAt(visitors.next())).filter((r) => !hidden(r))).toEqual([]);

    await acknowledged(savePost(B, site, cookie, { title, slug, content: "<p>Many readers.</p>", published: true }, id));
    expect((await visitors.readsAt(visitors.next())).filter((r) => !shown(r))).toEqual([]);

    await acknowledged(deletePost(B, site, cookie, id));
    expect((await visitors.readsAt(visitors.next())).filter((r) => !hidden(r))).toEqual([]);

    // maintenance: every public page answers 503 on both instances, and comes back when it ends
    await acknowledged(saveGeneralSettings(A, site, cookie, { siteName: "Scale test", maintenance: true }));
    expect((await visitors.readsAt(visitors.next())).filter((r) => r.status !== 503)).toEqual([]);
    await acknowledged(saveGeneralSettings(B, site, cookie, { siteName: "Scale test", maintenance: false }));
    expect((await visitors.readsAt(visitors.next())).filter((r) => (r.path === post ? r.status !== 404 : r.status !== 200))).toEqual([]);
  } finally {
    const all = await visitors.stop();
    // nothing failed on the way: no 5xx but maintenance's 503, no read lost
    expect(all.filter((r) => r.status >= 500 && r.status !== 503)).toEqual([]);
  }
});

test("an image uploaded through A is in the bucket and served on B's pages", async () => {
  const width = 24;
  const height = 16;
  const pixels = new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 37) % 256));
  const upload = encodePng({ width, height, data: pixels });
  const slug = "with-a-thumbnail";
  const title = "A post with a thumbnail";
  const saved = await savePost(A, site, cookie, { title, slug, content: "<p>Picture.</p>", published: true, thumbnail: { name: "thumb.png", type: "image/png", bytes: upload } });
  expect(saved.status, saved.text).toBe(200);
  const [row] = await cluster.query<{ thumbnail: string }>("select thumbnail from blog_posts where slug = $1", [slug]);
  expect(row!.thumbnail.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/`), row!.thumbnail).toBe(true);

  const page = await fetch(`${B}/blog/${slug}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(row!.thumbnail);
  const image = await fetch(row!.thumbnail);
  expect(image.status).toBe(200);
  const decoded = decodePng(new Uint8Array(await image.arrayBuffer()));
  expect({ width: decoded.width, height: decoded.height }).toEqual({ width, height });
  expect(Buffer.from(decoded.data).equals(Buffer.from(pixels))).toBe(true);
});

test("a scheduled post appears at its time on both instances, once", async () => {
  test.setTimeout(60_000);
  const slug = "scheduled-for-both";
  const title = "Scheduled for both instances";
  // the site's time zone is UTC; a wall time a few seconds ahead, read from the database's clock
  const [{ at }] = (await cluster.query<{ at: string }>(`select to_char((now() at time zone 'utc') + interval '4 seconds', 'YYYY-MM-DD"T"HH24:MI:SS') as at`)) as [{ at: string }];
  await acknowledged(savePost(A, site, cookie, { title, slug, content: "<p>Later.</p>", published: true, publishAt: at }));
  // not yet: both instances cache the blog list without it
  for (const origin of [A, B]) {
    expect(await read(origin, "/blog", title)).toMatchObject({ status: 200, shows: false });
    expect((await read(origin, `/blog/${slug}`, title)).status).toBe(404);
  }
  await expect.poll(async () => (await read(B, `/blog/${slug}`, title)).status, { timeout: 30_000 }).toBe(200);
  for (const origin of [A, B]) {
    expect(await read(origin, `/blog/${slug}`, title)).toMatchObject({ status: 200, shows: true });
    // listed once: its title as often as another post's (a card names its post in a few places)
    const list = await (await fetch(`${origin}/blog`)).text();
    const times = (text: string) => list.split(text).length - 1;
    expect(times("Published on instance A")).toBeGreaterThan(0);
    expect(times(title), `the post's title on ${origin}/blog`).toBe(times("Published on instance A"));
  }
  const rows = await cluster.query<{ n: string }>("select count(*) as n from blog_posts where slug = $1", [slug]);
  expect(Number(rows[0]!.n)).toBe(1);
});

test("the proxy passes the app's compression, cache headers and request ids, and holds bodies to the app's limit", async () => {
  const asset = readdirSync("build/client/assets").find((name) => name.endsWith(".js") && statSync(`build/client/assets/${name}`).size > 10_000)!;
  const script = await fetch(`${site}/assets/${asset}`, { headers: { "accept-encoding": "br, gzip" } });
  await script.arrayBuffer();
  expect(script.status).toBe(200);
  expect(script.headers.get("content-encoding")).toBe("br");
  expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

  const page = await fetch(`${site}/tools`, { headers: { "accept-encoding": "gzip" } });
  expect(page.status).toBe(200);
  expect(page.headers.get("content-encoding")).toBe("gzip");
  expect(await page.text()).toContain("</html>");
  // nginx's request id, kept and echoed by the app
  expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);

  // over client_max_body_size: nginx answers 413 without passing the body on
  const tooLarge = await fetch(`${site}/admin/api/upload`, { method: "POST", headers: { cookie, origin: site, "content-type": "application/octet-stream" }, body: new Uint8Array(17 * 1024 * 1024) });
  await tooLarge.arrayBuffer();
  expect(tooLarge.status).toBe(413);
});

test("failed sign-ins on A and B count against one budget, whatever X-Forwarded-For a visitor sends", async () => {
  test.setTimeout(90_000);
  // through the proxy, an unknown account each time (only the address's budget counts), each
  // attempt with a made-up X-Forwarded-For that nginx replaces with the address it saw
  const upstreams = new Set<string>();
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await fetch(`${site}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site, "x-forwarded-for": `198.51.100.${i + 1}` },
      body: JSON.stringify({ email: `nobody-${i}@example.com`, password: "not the password at all" }),
    });
    await response.arrayBuffer();
    statuses.push(response.status);
    upstreams.add(response.headers.get("x-upstream") ?? "");
  }
  expect(upstreams.size).toBe(2);
  // ten failures free or slowed (decision 012), then the address is refused on every instance
  expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
  expect(statuses[10]).toBe(429);
  for (const origin of [A, B]) expect((await signIn(origin, site, admin)).status).toBe(429);
});
