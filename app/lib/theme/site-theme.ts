import { AA_TEXT_RATIO, contrastRatio, formatRatio, mix, parseHex } from "./contrast.ts";

// The public site's colours (issue 29, decision 046). The stylesheet keeps today's blue palette
// (--color-brand-*) as the default; an owner's primary colour replaces it through CSS variables
// emitted in the page's head, derived here so every pairing the site uses stays WCAG AA.

/** What the stylesheet ships (app/app.css): an untouched site emits no override at all. */
export const THEME_DEFAULTS = { primary: "#2563eb", dark: "#dbeafe" } as const;

/** The text on primary-coloured buttons; white is also the light page the primary's links sit on. */
export const TEXT_ON_PRIMARY = "#ffffff";
/**
 * The lightest dark-mode background accent text sits on: the slate-900 cards. Tailwind 4 writes it
 * as oklch(20.8% 0.042 265.755), which browsers paint as #0f172b (not v3's #0f172a); the check uses
 * what is painted, as Lighthouse does.
 */
export const DARK_BACKGROUND = "#0f172b";

export type SiteTheme = { primary: string; dark: string };

/** The palette the site's classes use (bg-brand-600, text-brand-700, ...), derived from one primary colour. */
export type BrandPalette = Record<"50" | "100" | "500" | "600" | "700", string>;

/**
 * A primary colour that passed primaryColorProblem, spread over the five shades the site uses:
 * 600 is the colour itself (buttons, icons, focus rings), 700 darker (links, hover), 500 a little
 * lighter (borders), 50 and 100 pale tints (backgrounds, and the promo card's text on 700).
 * 700 darkens further until the pale tints read on it at AA.
 */
export function brandPalette(primary: string): BrandPalette {
  const tint50 = mix(primary, "#ffffff", 0.93);
  const tint100 = mix(primary, "#ffffff", 0.85);
  let shade = 0.2;
  let dark700 = mix(primary, "#000000", shade);
  while (shade < 0.9 && Math.min(contrastRatio(tint100, dark700), contrastRatio(tint50, dark700)) < AA_TEXT_RATIO) {
    shade += 0.05;
    dark700 = mix(primary, "#000000", shade);
  }
  return { "50": tint50, "100": tint100, "500": mix(primary, "#ffffff", 0.15), "600": primary, "700": dark700 };
}

const needs = `needs at least ${AA_TEXT_RATIO}:1`;

/**
 * Why a primary colour is refused, or null. White text on it and it as link text on the white page
 * are one pairing, so one ratio covers both.
 */
export function primaryColorProblem(primary: string): string | null {
  if (!parseHex(primary)) return "Enter a colour like #1a2b3c";
  const ratio = contrastRatio(primary, TEXT_ON_PRIMARY);
  return ratio >= AA_TEXT_RATIO ? null : `Contrast ${formatRatio(ratio)}:1 with white text; ${needs}`;
}

/** Why a dark-mode colour is refused, or null: it is text (links, accents) on the dark background. */
export function darkColorProblem(dark: string): string | null {
  if (!parseHex(dark)) return "Enter a colour like #1a2b3c";
  const ratio = contrastRatio(dark, DARK_BACKGROUND);
  return ratio >= AA_TEXT_RATIO ? null : `Contrast ${formatRatio(ratio)}:1 on the dark background (${DARK_BACKGROUND}); ${needs}`;
}

/**
 * The CSS variables that put an owner's colours on the public site, "" when nothing differs from the
 * stylesheet. A value that fails its check (a row edited by hand) is left out: the default stays.
 */
export function themeCss(theme: SiteTheme): string {
  const vars: string[] = [];
  const primary = theme.primary.toLowerCase();
  const dark = theme.dark.toLowerCase();
  if (primary !== THEME_DEFAULTS.primary && primaryColorProblem(primary) === null) {
    for (const [shade, value] of Object.entries(brandPalette(primary))) vars.push(`--color-brand-${shade}:${value}`);
  }
  if (dark !== THEME_DEFAULTS.dark && darkColorProblem(dark) === null) vars.push(`--color-brand-dark:${dark}`);
  return vars.length ? `:root{${vars.join(";")}}` : "";
}
