import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize.server.ts";
import { propertyRuns } from "#tests/support/property.ts";

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  pre: ["class"],
  code: ["class"],
  span: ["class"],
};
const ALLOWED_TAGS = new Set(
  "p br hr h1 h2 h3 h4 h5 h6 strong b em i u s strike del mark sub sup blockquote code pre ul ol li a img table thead tbody tfoot tr th td caption figure figcaption span div".split(" "),
);

/** Case-insensitive string checks on the whole output: no script, handler, bad URL or bad element. */
function assertNoDangerousText(output: string): void {
  const lower = output.toLowerCase();
  expect(lower).not.toContain("<script");
  // Attribute values are blanked first: an escaped `" onerror=` inside a title is only text.
  expect(output.replace(/"[^"]*"/g, '""')).not.toMatch(/on\w+\s*=/i);
  expect(output).not.toMatch(/style\s*=/i);
  // Browsers skip spaces and control characters inside a scheme, so check without them too.
  const squeezed = [...lower].filter((char) => char.charCodeAt(0) > 0x20).join("");
  for (const text of [lower, squeezed]) {
    expect(text).not.toMatch(/javascript:|vbscript:|data:/);
  }
  expect(lower).not.toMatch(/<\s*\/?\s*(?:iframe|object|embed|form|style|base|meta|link|svg|math|script|noscript|template|textarea)\b/);
}

/** Structural checks: every tag, attribute and URL in the output is on the allowlist. */
function assertSafe(output: string): void {
  // Every `<` left in the output starts an allowed tag with allowed, quoted attributes.
  const tagPattern = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>/g;
  expect(output.replace(tagPattern, "")).not.toContain("<");
  for (const [, , name = "", attributes = ""] of output.matchAll(tagPattern)) {
    expect(ALLOWED_TAGS.has(name), `tag <${name}>`).toBe(true);
    for (const [, attribute = "", value = ""] of attributes.matchAll(/([a-z-]+)="([^"]*)"/g)) {
      expect(ALLOWED_ATTRIBUTES[name] ?? [], `<${name} ${attribute}>`).toContain(attribute);
      if (attribute === "href" || attribute === "src") {
        const url = value.replace(/&amp;/g, "&").trim();
        expect(url, `${attribute}=${value}`).toMatch(/^(?:https?:\/\/|mailto:(?!\/)|\/(?![/\\])|#|\?|[a-z0-9._~-]+(?:[/?#]|$))/i);
      }
    }
  }
}

// At least 25 XSS payloads, each with a name.
const PAYLOADS: [string, string][] = [
  ["script tag", `<script>alert(1)</script>`],
  ["script tag with src", `<script src="https://evil.example/x.js"></script>`],
  ["script in upper case", `<SCRIPT>alert(1)</SCRIPT>`],
  ["img onerror", `<img src=x onerror=alert(1)>`],
  ["img onerror upper case", `<IMG SRC="x" ONERROR="alert(1)">`],
  ["img onerror with slash separator", `<img/src="x"/onerror=alert(1)>`],
  ["svg onload", `<svg onload=alert(1)>`],
  ["svg script", `<svg><script>alert(1)</script></svg>`],
  ["svg animate href", `<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>Click</text></a></svg>`],
  ["javascript: link", `<a href="javascript:alert(1)">x</a>`],
  ["mixed-case javascript: link", `<a href="JaVaScRiPt:alert(1)">x</a>`],
  ["entity-encoded javascript: link", `<a href="&#106;avascript:alert(1)">x</a>`],
  ["hex-entity javascript: link", `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>`],
  ["zero-padded entity javascript: link", `<a href="&#0000106&#0000097vascript:alert(1)">x</a>`],
  ["named-entity colon", `<a href="javascript&colon;alert(1)">x</a>`],
  ["tab-split javascript: link", `<a href="java\tscript:alert(1)">x</a>`],
  ["entity-tab-split javascript: link", `<a href="jav&#x09;ascript:alert(1)">x</a>`],
  ["newline-split javascript: link", `<a href="java\nscript:alert(1)">x</a>`],
  ["leading control character", `<a href="\u0001javascript:alert(1)">x</a>`],
  ["leading spaces", `<a href="   javascript:alert(1)">x</a>`],
  ["unquoted javascript: link", `<a href=javascript:alert(1)>x</a>`],
  ["data:text/html link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`],
  ["data: image src", `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`],
  ["vbscript: link", `<a href="vbscript:msgbox(1)">x</a>`],
  ["javascript: image src", `<img src="javascript:alert(1)">`],
  ["protocol-relative link", `<a href="//evil.example/phish">x</a>`],
  ["backslash protocol-relative link", `<a href="/\\evil.example/phish">x</a>`],
  ["iframe", `<iframe src="https://evil.example"></iframe>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["object", `<object data="javascript:alert(1)"></object>`],
  ["embed", `<embed src="javascript:alert(1)">`],
  ["form action", `<form action="javascript:alert(1)"><input type=submit></form>`],
  ["button formaction", `<button formaction="javascript:alert(1)">x</button>`],
  ["math href", `<math><mi xlink:href="javascript:alert(1)">click</mi></math>`],
  ["math mglyph style", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`],
  ["style block", `<style>body{background:url("javascript:alert(1)")}</style>`],
  ["style attribute", `<p style="background:url(javascript:alert(1))">x</p>`],
  ["style expression", `<div style="width: expression(alert(1))">x</div>`],
  ["base href", `<base href="https://evil.example/">`],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["link import", `<link rel="import" href="https://evil.example/x.html">`],
  ["upper-case event handler", `<p ONMOUSEOVER="alert(1)">x</p>`],
  ["unquoted event handler", `<div onclick=alert(1)>x</div>`],
  ["event handler on allowed link", `<a href="/ok" onfocus="alert(1)" autofocus>x</a>`],
  ["body onload", `<body onload=alert(1)>x</body>`],
  ["noscript mutation XSS", `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`],
  ["comment trick", `<!--<img src=x onerror=alert(1)>-->`],
  ["conditional comment", `<!--[if gte IE 4]><script>alert(1)</script><![endif]-->`],
  ["nested script", `<scr<script>ipt>alert(1)</scr</script>ipt>`],
  ["title escape", `<title><img src=x onerror=alert(1)></title>`],
  ["textarea escape", `<textarea><img src=x onerror=alert(1)></textarea>`],
  ["template", `<template><img src=x onerror=alert(1)></template>`],
  ["xmp", `<xmp><img src=x onerror=alert(1)></xmp>`],
  ["attribute breaking out of quotes", `<img src="x" alt="a" onerror="alert(1)" title='" onerror=alert(2) '>`],
  ["srcset", `<img src="/a.png" srcset="javascript:alert(1) 1x">`],
  ["video poster", `<video poster="javascript:alert(1)"><source src=x onerror=alert(1)></video>`],
  ["details ontoggle", `<details open ontoggle=alert(1)>`],
  ["input autofocus onfocus", `<input autofocus onfocus=alert(1)>`],
];

describe("the output checks used below", () => {
  it("catch unsafe HTML", () => {
    expect(() => assertSafe(`<img src="x" onerror="alert(1)">`)).toThrow();
    expect(() => assertSafe(`<a href="javascript:alert(1)">x</a>`)).toThrow();
    expect(() => assertSafe(`<a href=" JavaScript:alert(1)">x</a>`)).toThrow();
    expect(() => assertSafe(`<a href="//evil.example">x</a>`)).toThrow();
    expect(() => assertSafe(`<img src="data:image/png;base64,AA">`)).toThrow();
    expect(() => assertSafe(`<iframe></iframe>`)).toThrow();
    expect(() => assertSafe(`<p style="x">y</p>`)).toThrow();
    expect(() => assertSafe(`<p title=x>y</p>`)).toThrow();
    expect(() => assertNoDangerousText(`<p ONCLICK = "x">`)).toThrow();
    expect(() => assertNoDangerousText(`<SVG>`)).toThrow();
    expect(() => assertNoDangerousText(`java\tscript:`)).toThrow();
    expect(() => assertSafe(`<p><a href="/ok" title="t">x</a><img src="https://a.test/i.png" alt="" /></p>`)).not.toThrow();
  });
});

describe("sanitizeHtml against XSS payloads", () => {
  it("has at least 25 payloads", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(PAYLOADS)("neutralises %s", (_name, payload) => {
    const output = sanitizeHtml(payload);
    assertNoDangerousText(output);
    assertSafe(output);
    const wrapped = sanitizeHtml(`<p>before</p>${payload}<p>after</p>`);
    assertNoDangerousText(wrapped);
    assertSafe(wrapped);
    expect(sanitizeHtml(output)).toBe(output);
  });

  it.each([
    [`<script>alert(1)</script>`, ""],
    [`<img src=x onerror=alert(1)>`, `<img src="x" loading="lazy" />`],
    [`<svg onload=alert(1)>`, ""],
    [`<svg><script>alert(1)</script></svg>`, ""],
    [`<a href="javascript:alert(1)">x</a>`, "<a>x</a>"],
    [`<a href="JaVaScRiPt:alert(1)">x</a>`, "<a>x</a>"],
    [`<a href="&#106;avascript:alert(1)">x</a>`, "<a>x</a>"],
    [`<a href="java\tscript:alert(1)">x</a>`, "<a>x</a>"],
    [`<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>`, "<a>x</a>"],
    [`<a href="vbscript:msgbox(1)">x</a>`, "<a>x</a>"],
    [`<a href="//evil.example/phish">x</a>`, "<a>x</a>"],
    [`<img src="javascript:alert(1)" alt="gone">`, ""],
    [`<iframe src="https://evil.example">inside</iframe>`, ""],
    [`<form action="/x"><p>field</p></form>`, "<p>field</p>"],
    [`<p style="background:url(javascript:alert(1))">x</p>`, "<p>x</p>"],
    [`<p ONMOUSEOVER="alert(1)">x</p>`, "<p>x</p>"],
    [`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`, ""],
    [`<!--<img src=x onerror=alert(1)>-->ok`, "ok"],
    [`<style>p{color:red}</style><p>x</p>`, "<p>x</p>"],
    [`<base href="https://evil.example/"><meta http-equiv="refresh" content="0"><link rel=import href=x>`, ""],
    [`<math><mi>click</mi></math>`, ""],
    [`<img src="x" alt="a" onerror="alert(1)" title='" onerror=alert(2) '>`, `<img src="x" alt="a" title="&quot; onerror=alert(2) " loading="lazy" />`],
  ])("gives the exact safe output for %j", (payload, expected) => {
    expect(sanitizeHtml(payload)).toBe(expected);
  });

  it("keeps text of removed wrappers escaped", () => {
    expect(sanitizeHtml(`<scr<script>ipt>alert(1)</scr</script>ipt>`)).not.toContain("<");
    expect(sanitizeHtml(`<custom-tag>Hello <b>bold</b></custom-tag>`)).toBe("Hello <b>bold</b>");
    expect(sanitizeHtml(`1 < 2 & 3 > 2`)).toBe("1 &lt; 2 &amp; 3 &gt; 2");
  });

  it("keeps any mix of tags and attributes structurally safe", () => {
    const pieces = fc.constantFrom(
      "<", ">", "/", "=", '"', "'", " ", "\t", "&#106;", "&colon;", "<!--", "-->", "javascript:", "data:", "//",
      "script", "img", "a", "svg", "math", "style", "iframe", "noscript", "p", "td",
      "src", "href", "onerror", "onload", "style", "alert(1)", "x", "title", "target", "_blank",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const output = sanitizeHtml(parts.join(""));
        assertSafe(output);
        expect(sanitizeHtml(output)).toBe(output);
      }),
      propertyRuns(2000),
    );
  });
});

describe("sanitizeHtml keeps good content", () => {
  it.each([
    ["headings and inline marks", "<h1>Title</h1><h2>Sub</h2><h6>Small</h6><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s> <strike>s</strike> <del>d</del> <mark>m</mark> H<sub>2</sub>O x<sup>2</sup></p>"],
    ["lists", "<ul><li><p>one</p></li><li>two<ol><li>nested</li></ol></li></ul>"],
    ["quote, rule and code", "<blockquote><p>Quote</p></blockquote><hr /><pre><code>const a = 1 &lt; 2;</code></pre><p>Use <code>npm</code>.</p>"],
    ["table with colspan and rowspan", "<table><caption>Sizes</caption><thead><tr><th colspan=\"2\">Head</th></tr></thead><tbody><tr><td rowspan=\"2\">A</td><td>B</td></tr><tr><td>C</td></tr></tbody><tfoot><tr><td colspan=\"2\">Foot</td></tr></tfoot></table>"],
    ["figure", "<figure><img src=\"/uploads/site-assets/editor-images/a.png\" alt=\"A chart\" loading=\"lazy\" /><figcaption>Caption</figcaption></figure>"],
    ["relative and mailto links", "<p><a href=\"/tool/dds-to-png\">tool</a> <a href=\"#faq\">faq</a> <a href=\"mailto:hi@example.com\">mail</a> <a href=\"https://example.com/a?b=1&amp;c=2\" title=\"Example\">ext</a></p>"],
    ["div and span", "<div><span>text</span></div>"],
    ["line break", "<p>a<br />b</p>"],
    ["highlighted code", "<pre class=\"language-ts\"><code class=\"language-ts hljs\"><span class=\"hljs-keyword\">const</span> x</code></pre>"],
  ])("keeps %s exactly", (_name, html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("adds rel to links that open in a new tab", () => {
    expect(sanitizeHtml(`<a href="https://example.com" target="_blank">x</a>`)).toBe(
      `<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>`,
    );
    expect(sanitizeHtml(`<a href="https://example.com" target="_BLANK" rel="author noopener opener">x</a>`)).toBe(
      `<a href="https://example.com" target="_blank" rel="author noopener noreferrer">x</a>`,
    );
  });

  it("leaves rel alone on other links and drops unknown targets", () => {
    expect(sanitizeHtml(`<a href="https://example.com" rel="nofollow">x</a>`)).toBe(`<a href="https://example.com" rel="nofollow">x</a>`);
    expect(sanitizeHtml(`<a href="/a" target="_self">x</a>`)).toBe(`<a href="/a" target="_self">x</a>`);
    expect(sanitizeHtml(`<a href="/a" target="evilframe">x</a>`)).toBe(`<a href="/a">x</a>`);
  });

  it("keeps a relative image with its alt text and makes it lazy", () => {
    expect(sanitizeHtml(`<img src="/uploads/site-assets/editor-images/a.png" alt="Screenshot">`)).toBe(
      `<img src="/uploads/site-assets/editor-images/a.png" alt="Screenshot" loading="lazy" />`,
    );
    expect(sanitizeHtml(`<img src="https://cdn.example.com/a.png" alt="" title="t" width="640" height="50%" loading="eager">`)).toBe(
      `<img src="https://cdn.example.com/a.png" alt="" title="t" width="640" height="50%" loading="eager" />`,
    );
  });

  it("drops bad sizes, spans, styles and classes outside the highlighting set", () => {
    expect(sanitizeHtml(`<img src="/a.png" width="100px;x" height="-1" loading="sometimes">`)).toBe(`<img src="/a.png" loading="lazy" />`);
    expect(sanitizeHtml(`<table><tr><td colspan="two" rowspan="3">x</td></tr></table>`)).toBe(`<table><tr><td rowspan="3">x</td></tr></table>`);
    expect(sanitizeHtml(`<p class="fixed inset-0 z-50" style="text-align:center">x</p>`)).toBe("<p>x</p>");
    expect(sanitizeHtml(`<div class="hljs">x</div><span class="hljs-string evil">y</span>`)).toBe(`<div>x</div><span class="hljs-string">y</span>`);
    expect(sanitizeHtml(`<pre class="language-js bg-red-500"><code class="language-js">z</code></pre>`)).toBe(
      `<pre class="language-js"><code class="language-js">z</code></pre>`,
    );
  });

  it("drops images whose source is removed or missing", () => {
    expect(sanitizeHtml(`<p>a<img alt="no source">b</p>`)).toBe("<p>ab</p>");
    expect(sanitizeHtml(`<p>a<img src="//evil.example/a.png">b</p>`)).toBe("<p>ab</p>");
    expect(sanitizeHtml(`<p><img src="mailto:a@b.c"></p>`)).toBe("<p></p>");
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizeHtml("")).toBe("");
  });
});
