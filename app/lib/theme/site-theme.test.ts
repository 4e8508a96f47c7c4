import { describe, expect, it } from "vitest";
import { AA_TEXT_RATIO, contrastRatio, toHex } from "./contrast.ts";
import { brandPalette, DARK_BACKGROUND, darkColorProblem, primaryColorProblem, THEME_DEFAULTS, themeCss } from "./site-theme.ts";

describe("the public theme's checks", () => {
  it("refuses a primary colour white text cannot be read on, naming the ratio", () => {
    expect(primaryColorProblem("#60a5fa")).toBe("Contrast 2.54:1 with white text; needs at least 4.5:1");
    expect(primaryColorProblem("#777777")).toBe("Contrast 4.48:1 with white text; needs at least 4.5:1");
    expect(primaryColorProblem("#767676")).toBeNull();
    expect(primaryColorProblem(THEME_DEFAULTS.primary)).toBeNull();
    expect(primaryColorProblem("blue")).toBe("Enter a colour like #1a2b3c");
  });

  it("refuses a dark-mode colour too dark to read on the dark background", () => {
    expect(darkColorProblem("#1d4ed8")).toBe(`Contrast 2.66:1 on the dark background (${DARK_BACKGROUND}); needs at least 4.5:1`);
    expect(darkColorProblem(THEME_DEFAULTS.dark)).toBeNull();
    expect(darkColorProblem("#86efac")).toBeNull();
  });
});

describe("themeCss", () => {
  it("emits nothing for the stylesheet's own colours, so an untouched site is unchanged", () => {
    expect(themeCss(THEME_DEFAULTS)).toBe("");
    expect(themeCss({ primary: "#2563EB", dark: "#DBEAFE" })).toBe("");
  });

  it("puts an owner's primary colour on the five shades, and the dark-mode colour on its own variable", () => {
    expect(themeCss({ primary: "#15803d", dark: "#86efac" })).toBe(
      ":root{--color-brand-50:#eff6f1;--color-brand-100:#dcece2;--color-brand-500:#38935a;--color-brand-600:#15803d;--color-brand-700:#116631;--color-brand-dark:#86efac}",
    );
    expect(themeCss({ primary: THEME_DEFAULTS.primary, dark: "#86efac" })).toBe(":root{--color-brand-dark:#86efac}");
  });

  it("leaves out a stored colour that fails its check (a row edited by hand): the default stays", () => {
    expect(themeCss({ primary: "#60a5fa", dark: "#1d4ed8" })).toBe("");
    expect(themeCss({ primary: "#15803d", dark: "#000000" })).toMatch(/^:root\{--color-brand-50:[^}]*--color-brand-700:#116631\}$/);
  });
});

describe("brandPalette", () => {
  // every colour on a 16-step grid of the RGB cube that passes the primary check
  const accepted: string[] = [];
  for (let r = 0; r < 256; r += 17) for (let g = 0; g < 256; g += 17) for (let b = 0; b < 256; b += 17) {
    const hex = toHex([r, g, b]);
    if (primaryColorProblem(hex) === null) accepted.push(hex);
  }

  it("keeps every text pairing the public pages use at AA for any accepted primary colour", () => {
    expect(accepted.length).toBeGreaterThan(1000);
    for (const primary of accepted) {
      const p = brandPalette(primary);
      const pairs: [string, string, string][] = [
        ["white text on buttons", "#ffffff", p["600"]],
        ["white text on hovered buttons and the promo card", "#ffffff", p["700"]],
        ["links on the white page", p["700"], "#ffffff"],
        ["the promo card's pale text", p["100"], p["700"]],
        ["the promo card's paler text", p["50"], p["700"]],
        ["the promo button's text on its hover tint", p["700"], p["50"]],
      ];
      for (const [what, text, background] of pairs) expect(contrastRatio(text, background), `${primary}: ${what}`).toBeGreaterThanOrEqual(AA_TEXT_RATIO);
    }
  });

  it("uses the chosen colour itself for buttons and darker shades for links", () => {
    const p = brandPalette("#b45309");
    expect(p["600"]).toBe("#b45309");
    expect(contrastRatio(p["700"], "#ffffff")).toBeGreaterThan(contrastRatio(p["600"], "#ffffff"));
  });
});
