import { services } from "#app/server/services.server.ts";
import { UploadError, uploadImage, type UploadPrefix } from "#app/server/storage/uploads.server.ts";
import { chosenFile, fail } from "./form.server.ts";

/** An image setting's form fields: the file input, and the "remove the current image" checkbox. */
export type ImageFieldNames = { file: string; remove: string };

/**
 * What an image setting becomes after a save: the uploaded file's URL, "" when "remove" was ticked,
 * undefined to keep the stored one. A refused file (not an image, too large) is the 400 answer with
 * the message under the field; any other failure is thrown, for adminAction's failure toast.
 */
export async function imageFieldValue(
  form: FormData,
  names: ImageFieldNames,
  upload: { prefix: UploadPrefix; maxBytes?: number; intent?: string },
): Promise<{ ok: true; value: string | undefined } | { ok: false; answer: ReturnType<typeof fail> }> {
  const file = chosenFile(form.get(names.file));
  if (!file) return { ok: true, value: form.get(names.remove) === "on" ? "" : undefined };
  try {
    return { ok: true, value: (
        await uploadImage(services().storage, {
          prefix: upload.prefix,
          file,
          maxBytes: upload.maxBytes,
          // settings images (logo, icon, og image) join the media library too; the uploader is not passed here
          library: { db: services().database.db, uploadedBy: null },
        })
      ).url };
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, answer: fail(error.message, { [names.file]: error.message }, error.status, upload.intent) };
    throw error;
  }
}
