import { describe, expect, it } from "vitest";
import { checkEditorLink, isAllowedEditorLink } from "./editor-link.ts";
import { checkTableDialog, TABLE_DEFAULTS } from "./table-dialog-schema.ts";

describe("checkEditorLink", () => {
  it.each([
    ["https://example.com/a?b=1#c", "https://example.com/a?b=1#c", true],
    ["  http://example.com  ", "http://example.com", true],
    ["HTTPS://EXAMPLE.COM", "HTTPS://EXAMPLE.COM", true],
    ["mailto:hello@example.com", "mailto:hello@example.com", false],
    ["/tool/dds-to-png", "/tool/dds-to-png", false],
    ["#section", "#section", false],
    ["?page=2", "?page=2", false],
    ["../blog", "../blog", false],
    ["contact", "contact", false],
    ["example.com", "https://example.com", true],
    ["www.example.com/docs?x=1", "https://www.example.com/docs?x=1", true],
    ["example.com:8080/x", "https://example.com:8080/x", true],
    ["hello@example.com", "mailto:hello@example.com", false],
  ])("accepts %s", (input, href, external) => {
    expect(checkEditorLink(input)).toEqual({ ok: true, href, external });
  });

  it.each([
    ["", "Enter a URL."],
    ["   ", "Enter a URL."],
    ["javascript:alert(1)", 'Links of type "javascript:" are not allowed.'],
    ["JaVaScRiPt:alert(1)", 'Links of type "javascript:" are not allowed.'],
    ["data:text/html,<script>alert(1)</script>", 'Links of type "data:" are not allowed.'],
    ["vbscript:msgbox", 'Links of type "vbscript:" are not allowed.'],
    ["ftp://example.com", 'Links of type "ftp:" are not allowed.'],
    ["//evil.example/x", "Protocol-relative links are not allowed."],
    ["\\\\evil.example", "Protocol-relative links are not allowed."],
    ["java\tscript:alert(1)", "A URL cannot contain spaces."],
    ["https://exa mple.com", "A URL cannot contain spaces."],
    ["http://", "This is not a valid web address."],
    ["mailto:", "Enter an e-mail address after mailto:."],
  ])("refuses %j", (input, message) => {
    const check = checkEditorLink(input);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toContain(message);
    expect(isAllowedEditorLink(input)).toBe(false);
  });
});

describe("checkTableDialog", () => {
  it("accepts the defaults (2 rows × 3 columns with a header row)", () => {
    expect(TABLE_DEFAULTS).toEqual({ rows: 2, cols: 3, headerRow: true });
    expect(checkTableDialog({ rows: "2", cols: "3", headerRow: true })).toEqual({ ok: true, values: { rows: 2, cols: 3, headerRow: true } });
    expect(checkTableDialog({ rows: " 1 ", cols: "1", headerRow: false })).toEqual({ ok: true, values: { rows: 1, cols: 1, headerRow: false } });
  });

  it("explains each invalid value", () => {
    expect(checkTableDialog({ rows: "0", cols: "3", headerRow: true })).toEqual({ ok: false, errors: { rows: "Rows must be at least 1." } });
    expect(checkTableDialog({ rows: "-2", cols: "", headerRow: true })).toEqual({
      ok: false,
      errors: { rows: "Rows must be at least 1.", cols: "Enter the number of columns." },
    });
    expect(checkTableDialog({ rows: "1.5", cols: "abc", headerRow: true })).toEqual({
      ok: false,
      errors: { rows: "Rows must be a whole number.", cols: "Columns must be a whole number." },
    });
    expect(checkTableDialog({ rows: "101", cols: "21", headerRow: true })).toEqual({
      ok: false,
      errors: { rows: "Rows can be at most 100.", cols: "Columns can be at most 20." },
    });
  });
});
