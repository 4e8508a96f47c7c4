import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./same-origin.ts";

const allowed = ["https://tools.example.com"];

describe("isCrossSiteWrite", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteWrite("GET", { origin: "https://evil.example" }, allowed)).toBe(false);
    expect(isCrossSiteWrite("HEAD", { secFetchSite: "cross-site" }, allowed)).toBe(false);
  });
  it("refuses writes from another origin", () => {
    expect(isCrossSiteWrite("POST", { origin: "https://evil.example" }, allowed)).toBe(true);
    expect(isCrossSiteWrite("DELETE", { origin: "null" }, allowed)).toBe(true);
    expect(isCrossSiteWrite("POST", { origin: "https://tools.example.com.evil.example" }, allowed)).toBe(true);
    expect(isCrossSiteWrite("POST", { secFetchSite: "cross-site" }, allowed)).toBe(true);
  });
  it("allows writes from the site itself and from non-browser clients", () => {
    expect(isCrossSiteWrite("POST", { origin: "https://tools.example.com" }, allowed)).toBe(false);
    expect(isCrossSiteWrite("POST", { secFetchSite: "same-origin" }, allowed)).toBe(false);
    expect(isCrossSiteWrite("POST", {}, allowed)).toBe(false);
  });
});
