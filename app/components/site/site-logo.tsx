/**
 * The site logo, whole: a fixed height and a width that follows the image (bounded), so a wide or
 * tall logo keeps its aspect ratio instead of being squeezed into a square box. No width attribute:
 * with one, the browser would reserve a square and shrink the logo inside it.
 */
const SIZES = {
  header: "h-8 max-w-[10rem]",
  footer: "h-7 max-w-[9rem]",
  sidebar: "h-7 max-w-[8rem]",
  "sidebar-collapsed": "h-7 max-w-[2.5rem]",
} as const;

export type SiteLogoSize = keyof typeof SIZES;

export function SiteLogo({ src, size, lazy = false }: { src: string; size: SiteLogoSize; lazy?: boolean }) {
  return <img src={src} alt="" data-site-logo="" className={`${SIZES[size]} w-auto shrink-0 object-contain`} {...(lazy ? { loading: "lazy" as const } : {})} />;
}
