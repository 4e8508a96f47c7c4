import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { headersWithNonce, NonceTemplate } from "./nonce-template.ts";
import { newNonce } from "#app/server/http/security-headers.server.ts";

const P = newNonce();

describe("NonceTemplate", () => {
  it("writes the nonce into every hole of the plain and the gzip body", () => {
    const html = `<script nonce="${P}">a()</script>${"<p>lorem ipsum</p>".repeat(500)}<script nonce="${P}">b()</script>`;
    const template = new NonceTemplate(Buffer.from(html), P);
    expect(template.hasHoles).toBe(true);
    for (let i = 0; i < 3; i++) {
      const nonce = newNonce();
      const expected = html.replaceAll(P, nonce);
      expect(template.identityWith(nonce).toString()).toBe(expected);
      const gz = template.gzipWith(nonce);
      // gunzip checks the CRC-32 and length trailer
      expect(zlib.gunzipSync(gz).toString()).toBe(expected);
      expect(gz.length).toBeLessThan(html.length / 5);
    }
  });

  it("handles holes at the edges, next to each other, and none at all", () => {
    for (const html of [`${P}`, `${P}${P}`, `x${P}`, `${P}x`, "no holes", ""]) {
      const template = new NonceTemplate(Buffer.from(html), P);
      const nonce = newNonce();
      expect(zlib.gunzipSync(template.gzipWith(nonce)).toString()).toBe(html.replaceAll(P, nonce));
      expect(template.hasHoles).toBe(html.includes(P));
    }
  });

  it("the gzip trailer's CRC-32, combined from the stretches' own, is zlib's for pages of every size (decision 063)", () => {
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => 32 + ((i * 7919 + (i >> 5)) % 95)));
    for (const sizes of [[1, 1], [0, 3], [255, 256, 65_536], [100_000, 1, 150_000], [299_000]]) {
      let from = 0;
      const html = sizes.map((n) => bytes.subarray(from, (from += n)).toString("latin1")).join(P);
      const template = new NonceTemplate(Buffer.from(html, "latin1"), P);
      const nonce = newNonce();
      const gz = template.gzipWith(nonce);
      expect(gz.readUInt32LE(gz.length - 8)).toBe(zlib.crc32(html.replaceAll(P, nonce)));
      expect(zlib.gunzipSync(gz).toString("latin1")).toBe(html.replaceAll(P, nonce));
    }
  });

  it("refuses a nonce that would not fit the holes", () => {
    const template = new NonceTemplate(Buffer.from(`a${P}b`), P);
    expect(() => template.identityWith("short")).toThrow();
    expect(() => template.identityWith(`${"x".repeat(P.length - 1)}"`)).toThrow();
  });

  it("replaces the placeholder in header values only where it occurs", () => {
    expect(headersWithNonce({ "content-security-policy": `script-src 'nonce-${P}'`, "x-other": "1" }, "N", P)).toEqual({
      "content-security-policy": "script-src 'nonce-N'",
      "x-other": "1",
    });
  });
});
