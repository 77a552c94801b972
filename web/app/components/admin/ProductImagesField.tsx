import {
  detectImageType,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIZE_TEXT,
  IMAGE_TOO_LARGE,
  imageNotProcessed,
  MAX_IMAGES,
  NOT_AN_IMAGE,
  PHOTO_UPLOAD_FAILED,
  PHOTOS_NEED_JAVASCRIPT,
  TOO_MANY_IMAGES,
} from "@shop/core/catalog";
import { type ChangeEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { ReorderButtons, type ReorderOperation, useFocusAfterMove } from "./ReorderButtons";

/** A stored image or an uploaded photo (its ref), or a photo on its way to the bucket. */
type Entry = { id: string; alt: string; url: string; failed?: boolean; colourway: string } & (
  | { kind: "stored"; ref: string }
  | { kind: "uploading" }
);

let nextId = 0;

/**
 * Sends one photo straight to the images bucket (docs/decisions/031-direct-photo-uploads.md):
 * the site presigns a POST for its type (POST /admin/products/<id>/photo-upload), the page posts
 * the file to S3 with those fields. Answers the form's reference to the upload, or the message
 * to show.
 */
async function uploadPhoto(
  productId: string,
  file: File,
  mime: string,
): Promise<{ ref: string } | { error: string }> {
  try {
    const presigned = await fetch(`/admin/products/${productId}/photo-upload`, {
      method: "POST",
      body: new URLSearchParams({ type: mime }),
    });
    const answer = (await presigned.json().catch(() => ({}))) as {
      url?: string;
      fields?: Record<string, string>;
      ref?: string;
      fieldErrors?: { images?: string };
    };
    if (!presigned.ok || !answer.url || !answer.fields || !answer.ref) {
      return { error: answer.fieldErrors?.images ?? PHOTO_UPLOAD_FAILED };
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(answer.fields)) body.append(name, value);
    body.append("file", file); // S3 reads the fields before the file, and nothing after it.
    const stored = await fetch(answer.url, { method: "POST", body });
    if (stored.ok) return { ref: answer.ref };
    // S3 answers EntityTooLarge past the policy's size, AccessDenied for another condition.
    const code = /<Code>([^<]*)<\/Code>/.exec(await stored.text().catch(() => ""))?.[1];
    return { error: code === "EntityTooLarge" ? IMAGE_TOO_LARGE : PHOTO_UPLOAD_FAILED };
  } catch {
    return { error: PHOTO_UPLOAD_FAILED };
  }
}

/**
 * The product's images, in the order the shop shows them, each with its alt text (empty: the
 * product's name) and buttons to move it up or down or remove it. New photos are checked here
 * (type by content, IMAGE_MAX_BYTES), placed at the end and sent at once to the images bucket;
 * each list item says which stored image ("key:<key>") or upload ("upload:<key>:<token>") it is,
 * and the server checks each upload with S3 before it records it. Without JavaScript the buttons
 * submit the form and the server answers with the list changed; photos cannot be added then
 * (S3's browser form takes a type the page would have to choose: the decision above).
 */
export function ProductImagesField({
  images,
  colourways,
  productId,
  productName,
  error,
  accept,
  onUploading,
}: {
  /**
   * `failed`: a stored image the processing could not decode (not shown in the shop);
   * `colourway`: the id of its colourway among `colourways`.
   */
  images: ReadonlyArray<{
    ref: string;
    alt: string;
    url: string;
    colourway: string;
    failed?: boolean;
  }>;
  /** The product's colourways, in order: each photo shows one (sent as its position). */
  colourways: ReadonlyArray<{ id: string; name: string }>;
  /** The product's id (a new product's too): its photos' folder. */
  productId: string;
  productName: string;
  error?: string;
  accept: string;
  /** Called with true while photos are on their way, false once none is. */
  onUploading?: (uploading: boolean) => void;
}) {
  const [entries, setEntries] = useState<Entry[]>(() =>
    images.map((image) => ({ ...image, id: image.ref, kind: "stored" })),
  );
  const [fileError, setFileError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // Photos are added by the page's script: without it the picker stays off (and says why).
  const [scripted, setScripted] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => setScripted(true), []);
  const uploading = entries.some((entry) => entry.kind === "uploading");
  useEffect(() => onUploading?.(uploading), [uploading, onUploading]);

  // After a move the focus follows the image (onto the other button at either end).
  const focusAfter = useFocusAfterMove("image");

  const apply = (event: MouseEvent, index: number, op: ReorderOperation) => {
    event.preventDefault();
    const entry = entries[index];
    if (!entry) return;
    const next = [...entries];
    if (op === "remove") {
      next.splice(index, 1);
      setAnnouncement(`Image ${index + 1} removed`);
      if (entry.url.startsWith("blob:")) URL.revokeObjectURL(entry.url);
      // The focus goes to the next image's remove button, or to the file picker.
      const after = next[index] ?? next[index - 1];
      if (after) focusAfter(after.id, "remove");
      else fileInput.current?.focus();
    } else {
      const other = op === "up" ? index - 1 : index + 1;
      if (other < 0 || other >= next.length) return;
      [next[index], next[other]] = [next[other] as Entry, entry];
      setAnnouncement(`Image moved to position ${other + 1} of ${next.length}`);
      focusAfter(entry.id, op);
    }
    setEntries(next);
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const chosen = [...(input.files ?? [])];
    const checked = await Promise.all(
      chosen.map(async (file) => {
        if (file.size > IMAGE_MAX_BYTES) return { file, problem: IMAGE_TOO_LARGE };
        const type = detectImageType(new Uint8Array(await file.slice(0, 64).arrayBuffer()));
        return type
          ? { file, mime: type.mime, problem: null }
          : { file, problem: `${file.name} ${NOT_AN_IMAGE}` };
      }),
    );
    // The picker is emptied: the list holds the photos.
    input.value = "";
    const accepted = checked.filter((c) => c.problem === null);
    const room = Math.max(0, MAX_IMAGES - entries.length);
    // New photos show the colours without a photo yet, one each in order, then the first.
    const bare = colourways.filter((c) => !entries.some((e) => e.colourway === c.id));
    const added = accepted.slice(0, room).map(({ file, mime }, i) => ({
      entry: {
        id: `file-${nextId++}`,
        kind: "uploading",
        alt: "",
        url: URL.createObjectURL(file),
        colourway: (bare[i] ?? colourways[0])?.id ?? "",
      } satisfies Entry as Entry,
      file,
      mime: mime ?? "",
    }));
    setFileError(
      checked.find((c) => c.problem !== null)?.problem ??
        (accepted.length > room ? TOO_MANY_IMAGES : null),
    );
    if (added.length === 0) return;
    setAnnouncement(`${added.length} image(s) added at the end, uploading`);
    setEntries((current) => [...current, ...added.map((a) => a.entry)]);
    await Promise.all(
      added.map(async ({ entry, file, mime }) => {
        const result = await uploadPhoto(productId, file, mime);
        if ("ref" in result) {
          setEntries((current) =>
            current.map((e) => (e.id === entry.id ? { ...e, kind: "stored", ref: result.ref } : e)),
          );
        } else {
          URL.revokeObjectURL(entry.url);
          setFileError(result.error);
          setEntries((current) => current.filter((e) => e.id !== entry.id));
        }
      }),
    );
    setAnnouncement("Upload finished");
  };

  /** A photo's colourway's position; a removed colourway's photos show the first. */
  const colourIndex = (colourway: string) =>
    Math.max(
      0,
      colourways.findIndex((c) => c.id === colourway),
    );
  const shownError = fileError ?? error;
  return (
    <fieldset aria-describedby={`images-hint${shownError ? " images-error" : ""}`}>
      <legend className="text-sm font-medium text-stone-800">Images</legend>
      <p id="images-hint" className="mt-1 text-xs text-stone-500">
        Shown in this order; the first is the catalogue picture. JPEG, PNG, WebP, GIF or AVIF, at
        most {IMAGE_MAX_SIZE_TEXT} each. An empty alt text reads as the product's name. Each photo
        shows one of the product's colours, and the shop shows a colour with its photos.
      </p>
      {entries.length > 0 ? (
        <ol aria-label="Product images" className="mt-3 grid gap-3">
          {entries.map((entry, i) => {
            const position = i + 1;
            return (
              <li
                key={entry.id}
                data-testid="product-image"
                className="grid grid-cols-[4rem_1fr] gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-[4rem_1fr_auto] sm:items-center"
              >
                {entry.kind === "stored" ? (
                  <input type="hidden" name="imageRef" value={entry.ref} />
                ) : null}
                {entry.failed ? (
                  // Its file cannot be decoded: a browser would show a broken image.
                  <div className="grid h-20 w-16 place-items-center rounded bg-red-50 text-xs text-red-700">
                    ?
                  </div>
                ) : (
                  <img
                    src={entry.url}
                    alt={entry.alt || productName}
                    width={64}
                    height={80}
                    className="h-20 w-16 rounded bg-stone-100 object-cover"
                  />
                )}
                <div>
                  {entry.failed ? (
                    <p id={`failed-${entry.id}`} className="mb-2 text-sm text-red-700">
                      {imageNotProcessed(position)}
                    </p>
                  ) : null}
                  {entry.kind === "uploading" ? (
                    <p className="mb-2 text-sm text-stone-600">Uploading…</p>
                  ) : null}
                  <label
                    htmlFor={`alt-${entry.id}`}
                    className="block text-sm font-medium text-stone-800"
                  >
                    Alt text for image {position}
                  </label>
                  <input
                    id={`alt-${entry.id}`}
                    // Paired with the refs by position: a photo still uploading has neither.
                    name={entry.kind === "stored" ? "imageAlt" : undefined}
                    value={entry.alt}
                    placeholder={productName || "The product's name"}
                    maxLength={200}
                    onChange={(event) => {
                      const alt = event.target.value;
                      setEntries((current) =>
                        current.map((e) => (e.id === entry.id ? { ...e, alt } : e)),
                      );
                    }}
                    className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
                  />
                  {entry.kind !== "stored" ? null : colourways.length > 0 ? (
                    <>
                      <label
                        htmlFor={`colour-of-${entry.id}`}
                        className="mt-2 block text-sm font-medium text-stone-800"
                      >
                        Colour of image {position}
                      </label>
                      <select
                        id={`colour-of-${entry.id}`}
                        name="imageColour"
                        value={String(colourIndex(entry.colourway))}
                        onChange={(event) => {
                          const chosen = colourways[Number(event.target.value)]?.id ?? "";
                          setEntries((current) =>
                            current.map((e) =>
                              e.id === entry.id ? { ...e, colourway: chosen } : e,
                            ),
                          );
                        }}
                        className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
                      >
                        {colourways.map((c, index) => (
                          <option key={c.id} value={index}>
                            {c.name}
                          </option>
                        ))}
                      </select>
                    </>
                  ) : (
                    // Paired with the refs by position: no colour yet (the form says so).
                    <input type="hidden" name="imageColour" value="" />
                  )}
                </div>
                <ReorderButtons
                  prefix="image"
                  id={entry.id}
                  index={i}
                  count={entries.length}
                  label={`image ${position}`}
                  onApply={(event, op) => apply(event, i, op)}
                  className="col-span-2 flex flex-wrap gap-2 sm:col-span-1"
                />
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="mt-3">
        <label htmlFor="newImages" className="block text-sm font-medium text-stone-800">
          Add images
        </label>
        <input
          ref={fileInput}
          id="newImages"
          type="file"
          multiple
          accept={accept}
          onChange={onFiles}
          disabled={!scripted}
          aria-describedby={scripted ? undefined : "images-need-script"}
          aria-invalid={shownError ? true : undefined}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-stone-700"
        />
        {/* Only without JavaScript (a page with it enables the picker once it runs). */}
        <noscript>
          <p id="images-need-script" className="mt-1 text-sm text-stone-600">
            {PHOTOS_NEED_JAVASCRIPT}
          </p>
        </noscript>
      </div>
      {shownError ? (
        <p id="images-error" className="mt-1 text-sm text-red-700">
          {shownError}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
