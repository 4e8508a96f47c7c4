import { Copy, Search, Trash2, Upload } from "lucide-react";
import { useCallback, useRef } from "react";
import { Form } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ConfirmIntentButton } from "#app/components/admin/site/confirm-intent-button.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Pager } from "#app/components/site/pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { TextareaField } from "#app/components/ui/textarea-field.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import {
  absoluteUrl,
  formatBytes,
  MAX_ALT_LENGTH,
  MAX_CAPTION_LENGTH,
  MEDIA_INTENTS,
  MEDIA_PATH,
  mediaTextSchema,
  type MediaCardData,
  type MediaListData,
} from "#app/lib/admin/media-form.ts";
import { IMAGE_ACCEPT } from "#app/components/admin/editor/upload.ts";
import { FileInput } from "#app/components/ui/file-input.tsx";

/** The Media screen: search and upload above a grid of the library's images, newest first. */
export function MediaScreen({ data }: { data: MediaListData }) {
  const { items, query, paging } = data;
  return (
    <div>
      <PageHeader title="Media" subtitle="Every uploaded image. Alt text and caption go with an image when it is inserted from the library." />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <Card className="p-4">
            <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
              <Field label="Search images" name="q" type="search" defaultValue={query} maxLength={200} placeholder="File name, alt text or caption" className="min-w-0 flex-1" />
              <Button type="submit" variant="secondary">
                <Search className="h-4 w-4" aria-hidden="true" /> Search
              </Button>
            </Form>
            <p className="mt-3 text-sm text-slate-600" aria-live="polite">
              {query ? `${paging.total} image${paging.total === 1 ? "" : "s"} match “${query}”.` : `${paging.total} image${paging.total === 1 ? "" : "s"} in the library.`}
            </p>
          </Card>
          {items.length === 0 ? (
            <Card className="p-6 text-sm text-slate-600">{query ? "No image matches this search." : "No images yet. Upload one here or in the editor."}</Card>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3" aria-label="Images">
              {items.map((item) => (
                <MediaCard key={item.id} item={item} />
              ))}
            </ul>
          )}
        </div>
        <div className="order-first lg:order-none">
          <UploadCard />
        </div>
      </div>
      <Pager path={MEDIA_PATH} page={paging.page} pageCount={paging.pageCount} search={query ? `q=${encodeURIComponent(query)}` : ""} label="Media pages" />
    </div>
  );
}

function UploadCard() {
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useCallback(() => formRef.current?.reset(), []);
  const upload = useAdminForm({ schema: mediaTextSchema, onSuccess: reset });
  return (
    <Card className="h-fit p-4">
      <h2 className="font-semibold">Upload an image</h2>
      <upload.fetcher.Form ref={formRef} method="post" encType="multipart/form-data" noValidate onSubmit={upload.onSubmit} className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value={MEDIA_INTENTS.upload} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="media-upload-file" className="text-sm font-medium">
            Image file
          </label>
          <FileInput
            id="media-upload-file"
            name="file"
            accept={IMAGE_ACCEPT}
            required
            aria-invalid={upload.errors.file ? true : undefined}
            aria-describedby={upload.errors.file ? "media-upload-file-error" : undefined}
          />
          {upload.errors.file ? (
            <span id="media-upload-file-error" className="text-xs text-red-700">
              {upload.errors.file}
            </span>
          ) : null}
        </div>
        <Field label="Alt text" name="alt" maxLength={MAX_ALT_LENGTH} hint="What the image shows, for people who cannot see it." error={upload.errors.alt} />
        <input type="hidden" name="caption" value="" />
        <Button type="submit" disabled={upload.busy}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {upload.busy ? "Uploading..." : "Upload"}
        </Button>
      </upload.fetcher.Form>
    </Card>
  );
}

function MediaCard({ item }: { item: MediaCardData }) {
  const save = useAdminForm({ schema: mediaTextSchema });
  const remove = useAdminForm();
  const copy = async () => {
    const url = absoluteUrl(item.url, window.location.origin);
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Address copied", { description: url });
    } catch {
      toast.error("Could not copy", { description: url });
    }
  };
  const size = item.width && item.height ? `${item.width} × ${item.height}` : "size unknown";
  return (
    <li data-testid="media-item">
      <Card className="flex h-full flex-col overflow-hidden">
        <div className="flex aspect-video items-center justify-center bg-slate-100">
          <img src={item.previewUrl} alt={item.alt} loading="lazy" className="max-h-full max-w-full object-contain" {...(item.width && item.height ? { width: item.width, height: item.height } : {})} />
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="min-w-0">
            <h2 className="truncate text-sm font-semibold" title={item.fileName}>
              {item.fileName}
            </h2>
            <p className="text-xs text-slate-600">
              {size} · {formatBytes(item.bytes)}
              {item.variantCount > 0 ? ` · ${item.variantCount} smaller cop${item.variantCount === 1 ? "y" : "ies"}` : ""}
            </p>
          </div>
          <save.fetcher.Form method="post" noValidate onSubmit={save.onSubmit} className="flex flex-col gap-3">
            <input type="hidden" name="intent" value={MEDIA_INTENTS.save} />
            <input type="hidden" name="id" value={item.id} />
            <Field label="Alt text" name="alt" defaultValue={item.alt} maxLength={MAX_ALT_LENGTH} error={save.errors.alt} placeholder="Describe the image" />
            <TextareaField label="Caption" name="caption" defaultValue={item.caption} maxLength={MAX_CAPTION_LENGTH} rows={2} error={save.errors.caption} />
            <Button type="submit" variant="secondary" disabled={save.busy} aria-label={`Save alt text and caption of ${item.fileName}`}>
              {save.busy ? "Saving..." : "Save"}
            </Button>
          </save.fetcher.Form>
          <div className="mt-auto flex flex-wrap gap-2">
            <Button type="button" variant="ghost" className="px-2" onClick={() => void copy()} aria-label={`Copy the address of ${item.fileName}`}>
              <Copy className="h-4 w-4" aria-hidden="true" /> Copy URL
            </Button>
            <ConfirmIntentButton
              form={remove}
              values={{ intent: MEDIA_INTENTS.delete, id: item.id }}
              title="Delete this image?"
              description={`${item.fileName} and its smaller copies will be deleted. An image still used in a post, page or setting is kept.`}
              variant="ghost"
              className="px-2 text-red-700 hover:bg-red-50"
              aria-label={`Delete ${item.fileName}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </ConfirmIntentButton>
          </div>
        </div>
      </Card>
    </li>
  );
}
