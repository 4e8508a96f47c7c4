import type { AdPlacement } from "./ads-config.ts";

/** Each ad slot's name, as the Ads screen and an admin's empty-slot outline show it (no zod: the public shell reads it). */
export const AD_PLACEMENT_LABELS: Record<AdPlacement, string> = {
  headerBanner: "Header Banner 728x90",
  leftSidebar: "Left Sidebar 60x600",
  rightSidebar: "Right Sidebar 60x600",
  sidebarAd: "Sidebar Ad 300x600",
  inlineAd: "Inline Ad 728x90",
};
