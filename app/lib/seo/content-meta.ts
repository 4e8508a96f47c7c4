// A post's or page's own SEO fields (issue 29, finding 11): the SEO title replaces the title in
// <title> (through the title template), og:title and twitter:title, never in the visible H1; the
// social image is og:image/twitter:image, falling back to the thumbnail and then (in publicMeta)
// the site's default image.

export interface ContentSeoFields {
  title: string;
  seoTitle: string;
  socialImage: string;
  /** posts only */
  thumbnail?: string;
}

/** The title and image a post or page gives publicMeta. */
export function contentHeadFields(content: ContentSeoFields): { title: string; ogImage: string } {
  return {
    title: content.seoTitle.trim() || content.title,
    ogImage: content.socialImage.trim() || content.thumbnail?.trim() || "",
  };
}
