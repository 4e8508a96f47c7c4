import type { ColumnType, Generated } from "kysely";

/** A column with a database default: optional when inserting. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

// Our tables. Booleans are integers 0/1 and timestamps ISO-8601 UTC text on both SQLite and
// PostgreSQL (see docs/decisions/002-portable-schema.md); the server sets them.

export interface ToolsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  category: string;
  icon: string;
  search_volume: number;
  is_featured: number;
  content: string;
  rank: number;
  meta_keywords: string;
  meta_description: string;
  blog_content: string;
  created_at: string;
  updated_at: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  thumbnail: string;
  keywords: string;
  published: number;
  /** UTC ISO instant from which a published post is public (scheduled); null: public once published */
  publish_at: string | null;
  /** the <title> and og:title text instead of the title ("" for the title) */
  seo_title: Defaulted<string>;
  /** og:image / twitter:image ("" for the thumbnail, then the site's default) */
  social_image: Defaulted<string>;
  created_at: string;
  updated_at: string;
}

export interface PagesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  published: number;
  /** as on blog_posts */
  seo_title: Defaulted<string>;
  social_image: Defaulted<string>;
  created_at: string;
  updated_at: string;
}

/** The blog's categories (decision 048): the owner manages them; /blog/category/<slug> lists their posts. */
export interface BlogCategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  created_at: string;
}

/** Which categories a post is in. */
export interface BlogPostCategoriesTable {
  post_id: number;
  category_id: number;
}

export interface ContentSectionsTable {
  id: Generated<number>;
  page_key: string;
  title: string;
  content: string;
  published: number;
  created_at: string;
  updated_at: string;
}

export interface MenusTable {
  id: Generated<number>;
  label: string;
  url: string;
  author_url: string | null;
  menu_type: "header" | "footer";
  order_index: number;
  created_at: string;
}

export interface SiteSettingsTable {
  id: Generated<number>;
  setting_key: string;
  setting_value: string;
  updated_at: string;
}

/** One-time claims decided by a unique key, e.g. which account became the first admin. */
export interface ClaimsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Fixed-window counters for server-side rate limits. */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
  /** when the current window ends (ms): the row may be purged from then on */
  expires_at: number;
}

/** A single row (id 1) whose version every admin write bumps, so page caches know they are stale. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** When each account last signed in (a session was created). */
export interface UserSignInsTable {
  user_id: string;
  last_sign_in_at: string;
}

/** Which seed items were written once, so a restart never re-creates or overwrites them. */
export interface SeedLogTable {
  item: string;
  created_at: string;
}

/** better-auth's user table (with the admin plugin's fields), as far as we read it. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  role: string | null;
  banned: number | boolean | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** better-auth's account table (the password lives here), as far as we touch it. */
export interface AccountTable {
  id: string;
  userId: string;
}

/** better-auth's verification table: a password-reset token's value is the account's id. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
}

/** An old address and where it now lives (issue 29); from_path in routePath's normalised form. */
export interface RedirectsTable {
  id: Generated<number>;
  from_path: string;
  to_path: string;
  status: number;
  hits: number;
  last_hit_at: string | null;
  created_at: string;
}

/** A saved state of a post or page (issue 29): the newest 20 per post or page are kept. */
export interface ContentRevisionsTable {
  id: Generated<number>;
  kind: "post" | "page";
  content_id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  keywords: string;
  thumbnail: string;
  /** the SEO title and social image saved with it ("" for none) */
  seo_title: Defaulted<string>;
  social_image: Defaulted<string>;
  /** "save" (the Save button) or "autosave" (consecutive autosaves share one revision) */
  source: "save" | "autosave";
  /** the e-mail of the admin who saved it */
  author: string;
  saved_at: string;
}

/** One uploaded image of the media library (decision 047); variants is JSON of MediaVariant[]. */
export interface MediaTable {
  id: Generated<number>;
  storage_key: string;
  file_name: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  caption: string;
  variants: string;
  created_at: string;
  uploaded_by: string | null;
}

export interface Database {
  tools: ToolsTable;
  blog_posts: BlogPostsTable;
  pages: PagesTable;
  content_sections: ContentSectionsTable;
  menus: MenusTable;
  site_settings: SiteSettingsTable;
  claims: ClaimsTable;
  rate_limits: RateLimitsTable;
  seed_log: SeedLogTable;
  content_version: ContentVersionTable;
  user_sign_ins: UserSignInsTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  redirects: RedirectsTable;
  content_revisions: ContentRevisionsTable;
  media: MediaTable;
  blog_categories: BlogCategoriesTable;
  blog_post_categories: BlogPostCategoriesTable;
}
