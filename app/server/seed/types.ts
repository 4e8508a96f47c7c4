// Shapes of the first-start seed data. Plain data: no database or server imports here.

import type { ToolCategory, ToolContent } from "#app/tools/types.ts";

/** One tools row: a tool's catalogue copy (its folder's content.ts) with the meta's slug and category. */
export interface SeedTool extends ToolContent {
  /** canonical slug (aliases are not separate rows) */
  slug: string;
  category: ToolCategory;
}

export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  /** HTML, at least 300 words */
  content: string;
  /** comma separated; include blog categories (productivity, tools, tutorials, news) where they fit */
  keywords: string;
  /** ISO date of publication, used as created_at so the order is stable */
  publishedAt: string;
}

export interface SeedPage {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
}

export interface SeedContentSection {
  pageKey: "home_seo" | "tools_seo";
  title: string;
  content: string;
}
