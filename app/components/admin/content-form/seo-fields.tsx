import { Field } from "#app/components/ui/field.tsx";
import { LIMITS, SEO_TITLE_HINT, SOCIAL_IMAGE_HINT } from "#app/lib/admin/content-form-schema.ts";

/** A post's or page's optional SEO title and social image (issue 29, finding 11; see app/lib/seo/content-meta.ts). */
export function SeoFields({ seoTitle, socialImage, errors }: { seoTitle: string; socialImage: string; errors: Record<string, string | undefined> }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="text-sm font-semibold">Search and social</legend>
      <Field label="SEO title" name="seoTitle" maxLength={LIMITS.seoTitle} defaultValue={seoTitle} error={errors.seoTitle} hint={SEO_TITLE_HINT} />
      <Field
        label="Social image"
        name="socialImage"
        maxLength={LIMITS.socialImage}
        defaultValue={socialImage}
        error={errors.socialImage}
        hint={SOCIAL_IMAGE_HINT}
        placeholder="/uploads/card.png or https://…"
        spellCheck={false}
        autoCapitalize="off"
      />
    </fieldset>
  );
}
