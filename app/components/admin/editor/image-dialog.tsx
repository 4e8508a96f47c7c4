import { Dialog, Tabs } from "radix-ui";
import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { MAX_ALT_LENGTH, MAX_CAPTION_LENGTH, MEDIA_PATH, type MediaCardData, type MediaListData } from "#app/lib/admin/media-form.ts";
import { EditorDialog } from "./editor-dialog.tsx";
import { IMAGE_ACCEPT, uploadEditorImage } from "./upload.ts";
import { FileInput } from "#app/components/ui/file-input.tsx";

export interface ChosenImage {
  src: string;
  alt: string;
  caption: string;
}

/**
 * "Insert image": upload a file with its alt text and caption (kept in the media library), or
 * choose an image already in the library, inserted with its stored alt text and caption. Portalled
 * out of the page's form, with forms of its own: Enter never saves the page.
 */
export function ImageDialog({
  open,
  onOpenChange,
  onInsert,
  onAfterClose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (image: ChosenImage) => void;
  onAfterClose: () => void;
}) {
  const insert = (image: ChosenImage) => {
    onInsert(image);
    onOpenChange(false);
  };
  return (
    <EditorDialog open={open} onOpenChange={onOpenChange} onAfterClose={onAfterClose} title="Insert image" description="Upload a new image or reuse one from the media library." contentClassName="flex max-h-[calc(100dvh-2rem)] max-w-2xl flex-col overflow-y-auto">
      <Tabs.Root defaultValue="upload" className="mt-4">
        <Tabs.List className="flex gap-1 border-b border-slate-200" aria-label="Image source">
          {[
            ["upload", "Upload"],
            ["library", "Choose from library"],
          ].map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value!}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-slate-900"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="upload" className="pt-4">
          <UploadPanel onInsert={insert} />
        </Tabs.Content>
        <Tabs.Content value="library" className="pt-4">
          <LibraryPanel onInsert={insert} />
        </Tabs.Content>
      </Tabs.Root>
    </EditorDialog>
  );
}

function UploadPanel({ onInsert }: { onInsert: (image: ChosenImage) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    const alt = String(form.get("alt") ?? "").trim();
    const caption = String(form.get("caption") ?? "").trim();
    if (!(file instanceof File) || file.size === 0) return setError("Choose an image file.");
    setBusy(true);
    setError("");
    try {
      const src = await uploadEditorImage(file, undefined, { alt, caption });
      onInsert({ src, alt, caption });
    } catch (failure) {
      // the spec's wording for a failed editor upload, shown in the dialog so the choices stay
      setError("Upload failed: " + (failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="image-dialog-file" className="text-sm font-medium text-slate-800">
          Image file
        </label>
        <FileInput id="image-dialog-file" name="file" accept={IMAGE_ACCEPT} data-testid="image-dialog-file" />
      </div>
      <Field label="Alt text" name="alt" maxLength={MAX_ALT_LENGTH} hint="What the image shows, for people who cannot see it. Leave empty only for a decorative image." />
      <Field label="Caption (optional)" name="caption" maxLength={MAX_CAPTION_LENGTH} />
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={busy}>
          {busy ? "Uploading..." : "Upload and insert"}
        </Button>
      </div>
    </form>
  );
}

const libraryAddress = (query: string, page: number) => {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${MEDIA_PATH}?${search}` : MEDIA_PATH;
};

function LibraryPanel({ onInsert }: { onInsert: (image: ChosenImage) => void }) {
  const fetcher = useFetcher<MediaListData>();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<MediaCardData | null>(null);
  const { load } = fetcher;
  useEffect(() => {
    void load(MEDIA_PATH);
  }, [load]);
  const data = fetcher.data;
  const show = (page: number) => {
    setChosen(null);
    void load(libraryAddress(query.trim(), page));
  };
  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          show(1);
        }}
        className="flex items-end gap-2"
      >
        <Field label="Search the library" name="q" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="File name, alt text or caption" className="min-w-0 flex-1" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {!data ? (
        <p className="text-sm text-slate-600">Loading the library…</p>
      ) : data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{data.query ? "No image matches this search." : "The library is empty: upload an image first."}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Library images" aria-busy={fetcher.state !== "idle"}>
          {data.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={chosen?.id === item.id}
                aria-label={`${item.fileName}${item.alt ? `: ${item.alt}` : ""}`}
                onClick={() => setChosen(item)}
                className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg border-2 border-transparent bg-slate-100 outline-none hover:border-slate-300 focus-visible:ring-2 focus-visible:ring-brand-600 aria-pressed:border-brand-600"
              >
                <img src={item.previewUrl} alt="" loading="lazy" className="max-h-full max-w-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && data.paging.pageCount > 1 ? (
        <div className="flex items-center justify-between text-sm">
          <Button type="button" variant="ghost" disabled={data.paging.page <= 1} onClick={() => show(data.paging.page - 1)}>
            Previous
          </Button>
          <span className="text-slate-600">
            Page {data.paging.page} of {data.paging.pageCount}
          </span>
          <Button type="button" variant="ghost" disabled={data.paging.page >= data.paging.pageCount} onClick={() => show(data.paging.page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
      <div className="rounded-lg border border-slate-200 p-3 text-sm" aria-live="polite">
        {chosen ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium">File</dt>
            <dd className="break-all">{chosen.fileName}</dd>
            <dt className="font-medium">Alt text</dt>
            <dd>{chosen.alt || <span className="text-amber-700">None yet: set it on the Media screen.</span>}</dd>
            {chosen.caption ? (
              <>
                <dt className="font-medium">Caption</dt>
                <dd>{chosen.caption}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="text-slate-600">Choose an image to insert it with its stored alt text and caption.</p>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="button" disabled={!chosen} onClick={() => chosen && onInsert({ src: chosen.url, alt: chosen.alt, caption: chosen.caption })}>
          Insert image
        </Button>
      </div>
    </div>
  );
}
