import { MediaScreen } from "#app/components/admin/media/media-screen.tsx";
import { MEDIA_INTENTS, mediaTextSchema } from "#app/lib/admin/media-form.ts";
import { adminAction, byIntent, chosenFile, fail, INVALID_ID, ok, parseForm, parseId } from "#app/server/admin/form.server.ts";
import { loadMediaList, removeMedia } from "#app/server/admin/media-library.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { updateMediaText } from "#app/server/queries/media.server.ts";
import { services } from "#app/server/services.server.ts";
import { DEFAULT_MAX_UPLOAD_BYTES, UploadError, uploadImage } from "#app/server/storage/uploads.server.ts";
import type { Route } from "./+types/media";

// Media (issue 29): every uploaded image, searchable, with its alt text and caption; an image is
// deleted only when nothing uses it. The editor's "Choose from library" loads this loader too.

const MAX_FORM_BYTES = DEFAULT_MAX_UPLOAD_BYTES + 64 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadMediaList(services(), request);
}

export const meta: Route.MetaFunction = () => [{ title: "Media · Admin" }, { name: "robots", content: "noindex" }];

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  return adminAction(
    request,
    byIntent({
      [MEDIA_INTENTS.save]: async (form, intent) => {
        const id = parseId(form.get("id"));
        if (!id) return fail(INVALID_ID, undefined, 400, intent);
        const parsed = parseForm(form, mediaTextSchema, undefined, intent);
        if (!parsed.ok) return parsed.answer;
        if (!(await updateMediaText(services().database.db, id, parsed.data))) return fail("Image not found", undefined, 404, intent);
        return ok("Image details saved", intent);
      },
      [MEDIA_INTENTS.delete]: async (form, intent) => {
        const id = parseId(form.get("id"));
        if (!id) return fail(INVALID_ID, undefined, 400, intent);
        const removed = await removeMedia(services(), id);
        return removed.ok ? ok("Image deleted", intent) : fail(removed.message, undefined, removed.status, intent);
      },
      [MEDIA_INTENTS.upload]: async (form, intent) => {
        const file = chosenFile(form.get("file"));
        if (!file) return fail("Choose an image file to upload.", { file: "Choose an image file" }, 400, intent);
        const parsed = parseForm(form, mediaTextSchema, undefined, intent);
        if (!parsed.ok) return parsed.answer;
        const { storage, database } = services();
        try {
          await uploadImage(storage, { prefix: "site-assets/editor-images/", file, library: { db: database.db, uploadedBy: session.user.id, text: parsed.data } });
        } catch (error) {
          if (error instanceof UploadError) return fail(error.message, { file: error.message }, error.status, intent);
          throw error;
        }
        return ok("Image uploaded", intent);
      },
    }),
    { maxBytes: MAX_FORM_BYTES, tooLarge: "The image is too large. The limit is 5 MB." },
  );
}

export default function Media({ loaderData }: Route.ComponentProps) {
  return <MediaScreen data={loaderData} />;
}
