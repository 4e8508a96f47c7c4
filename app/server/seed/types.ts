// Shapes of the first-start seed data. Plain data: no database or server imports here.

import type { ToolCategory } from "#app/tools/types.ts";

export interface SeedTool {
  /** canonical slug (aliases are not separate rows) */
  slug: string;
  name: string;
  /** one or two sentences shown on cards and as the page intro */
  description: string;
  category: ToolCategory;
  /** one emoji */
  icon: string;
  searchVolume: number;
  rank: number;
  isFeatured: boolean;
  /** 150-160 characters */
  metaDescription: string;
  /** comma separated */
  metaKeywords: string;
  /** "About This Tool" HTML: <h2>/<h3>, <p>, <ul><li> only */
  content: string;
  /** "Learn More" HTML, same tags */
  blogContent: string;
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
