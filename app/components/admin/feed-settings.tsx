import { Rss } from "lucide-react";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { FEED_CONTENT_OPTIONS, FEED_INTENT, feedFormSchema } from "#app/lib/admin/feed-form.ts";

/** The blog's RSS feeds: where they are and whether items carry the excerpt or the whole post. */
export function FeedSettings({ fullContent }: { fullContent: boolean }) {
  const { fetcher, onSubmit, errors, busy } = useAdminForm({ schema: feedFormSchema });
  return (
    <Card className="mt-8 p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Rss className="h-5 w-5" aria-hidden="true" /> RSS feed
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Published posts are in the feed at{" "}
        <a href="/rss.xml" className="font-medium text-blue-700 underline">
          /rss.xml
        </a>{" "}
        and, per category, at /blog/category/&lt;category&gt;/rss.xml; every public page points feed readers to it. Drafts are never listed.
      </p>
      <fetcher.Form method="post" onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={FEED_INTENT} />
        <SelectField
          label="Feed items show"
          name="feedContent"
          options={FEED_CONTENT_OPTIONS}
          defaultValue={fullContent ? "full" : "excerpt"}
          error={errors?.feedContent}
          className="min-w-0 flex-1 sm:max-w-sm"
        />
        <Button type="submit" disabled={busy}>
          Save
        </Button>
      </fetcher.Form>
    </Card>
  );
}
