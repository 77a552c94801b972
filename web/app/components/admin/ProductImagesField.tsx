import {
  detectImageType,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  imageNotProcessed,
  MAX_IMAGES,
  NOT_AN_IMAGE,
  TOO_MANY_IMAGES,
} from "@shop/core/catalog";
import { type ChangeEvent, type MouseEvent, useEffect, useRef, useState } from "react";

type Operation = "up" | "down" | "remove";

type Entry = { id: string; alt: string; url: string; failed?: boolean } & (
  | { kind: "stored"; ref: string }
  | { kind: "file"; file: File }
);

let nextId = 0;

/**
 * The product's images, in the order the shop shows them, each with its alt text (empty: the
 * product's name) and buttons to move it up or down or remove it. New files are checked here
 * (type by content, 5 MB) and placed at the end; the file input always holds the new files in
 * list order, and each list item says which one it is ("new:<n>") or which stored image
 * ("key:<key>"). Without JavaScript the buttons submit the form and the server answers with the
 * list changed.
 */
export function ProductImagesField({
  images,
  productName,
  error,
  accept,
}: {
  /** `failed`: a stored image the processing could not decode (not shown in the shop). */
  images: ReadonlyArray<{ ref: string; alt: string; url: string; failed?: boolean }>;
  productName: string;
  error?: string;
  accept: string;
}) {
  const [entries, setEntries] = useState<Entry[]>(() =>
    images.map((image) => ({ ...image, id: image.ref, kind: "stored" })),
  );
  const [fileError, setFileError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [focus, setFocus] = useState<{ id: string; op: Operation } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The file input holds exactly the new files of the list, in list order.
  useEffect(() => {
    const input = fileInput.current;
    if (!input || typeof DataTransfer === "undefined") return;
    const transfer = new DataTransfer();
    for (const entry of entries) if (entry.kind === "file") transfer.items.add(entry.file);
    input.files = transfer.files;
  }, [entries]);

  // After a move the focus follows the image (onto the other button at either end).
  useEffect(() => {
    if (!focus) return;
    const button = document.getElementById(`image-${focus.op}-${focus.id}`) as HTMLButtonElement;
    const other = document.getElementById(
      `image-${focus.op === "up" ? "down" : "up"}-${focus.id}`,
    ) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
    setFocus(null);
  }, [focus]);

  const apply = (event: MouseEvent, index: number, op: Operation) => {
    event.preventDefault();
    const entry = entries[index];
    if (!entry) return;
    const next = [...entries];
    if (op === "remove") {
      next.splice(index, 1);
      setAnnouncement(`Image ${index + 1} removed`);
      if (entry.kind === "file") URL.revokeObjectURL(entry.url);
      // The focus goes to the next image's remove button, or to the file picker.
      const after = next[index] ?? next[index - 1];
      if (after) setFocus({ id: after.id, op: "remove" });
      else fileInput.current?.focus();
    } else {
      const other = op === "up" ? index - 1 : index + 1;
      if (other < 0 || other >= next.length) return;
      [next[index], next[other]] = [next[other] as Entry, entry];
      setAnnouncement(`Image moved to position ${other + 1} of ${next.length}`);
      setFocus({ id: entry.id, op });
    }
    setEntries(next);
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // The input shows what the list holds (set again once the list is updated).
    const problems = await Promise.all(
      chosen.map(async (file) => {
        if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
        const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
        return detectImageType(head) ? null : `${file.name} ${NOT_AN_IMAGE}`;
      }),
    );
    const accepted = chosen.filter((_, i) => problems[i] === null);
    const room = Math.max(0, MAX_IMAGES - entries.length);
    const added: Entry[] = accepted.slice(0, room).map((file) => ({
      id: `file-${nextId++}`,
      kind: "file",
      file,
      alt: "",
      url: URL.createObjectURL(file),
    }));
    setFileError(
      problems.find((problem) => problem !== null) ??
        (accepted.length > room ? TOO_MANY_IMAGES : null),
    );
    if (added.length > 0) setAnnouncement(`${added.length} image(s) added at the end`);
    setEntries([...entries, ...added]);
  };

  const shownError = fileError ?? error;
  let fileIndex = 0;
  return (
    <fieldset aria-describedby={`images-hint${shownError ? " images-error" : ""}`}>
      <legend className="text-sm font-medium text-stone-800">Images</legend>
      <p id="images-hint" className="mt-1 text-xs text-stone-500">
        Shown in this order; the first is the catalogue picture. JPEG, PNG, WebP, GIF or AVIF, at
        most 5 MB each. An empty alt text reads as the product's name. Name the colour in it ("Navy
        wool coat, front view"): shoppers find the product by it.
      </p>
      {entries.length > 0 ? (
        <ol aria-label="Product images" className="mt-3 grid gap-3">
          {entries.map((entry, i) => {
            const ref = entry.kind === "stored" ? entry.ref : `new:${fileIndex++}`;
            const position = i + 1;
            const buttonClass =
              "min-h-10 rounded-md border border-stone-300 px-3 text-sm font-medium text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40";
            return (
              <li
                key={entry.id}
                data-testid="product-image"
                className="grid grid-cols-[4rem_1fr] gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-[4rem_1fr_auto] sm:items-center"
              >
                <input type="hidden" name="imageRef" value={ref} />
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
                  <label
                    htmlFor={`alt-${entry.id}`}
                    className="block text-sm font-medium text-stone-800"
                  >
                    Alt text for image {position}
                  </label>
                  <input
                    id={`alt-${entry.id}`}
                    name="imageAlt"
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
                </div>
                <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-1">
                  <button
                    type="submit"
                    id={`image-up-${entry.id}`}
                    name="intent"
                    value={`image-up:${i}`}
                    disabled={i === 0}
                    onClick={(event) => apply(event, i, "up")}
                    aria-label={`Move image ${position} up`}
                    className={buttonClass}
                  >
                    Up
                  </button>
                  <button
                    type="submit"
                    id={`image-down-${entry.id}`}
                    name="intent"
                    value={`image-down:${i}`}
                    disabled={i === entries.length - 1}
                    onClick={(event) => apply(event, i, "down")}
                    aria-label={`Move image ${position} down`}
                    className={buttonClass}
                  >
                    Down
                  </button>
                  <button
                    type="submit"
                    id={`image-remove-${entry.id}`}
                    name="intent"
                    value={`image-remove:${i}`}
                    onClick={(event) => apply(event, i, "remove")}
                    aria-label={`Remove image ${position}`}
                    className={`${buttonClass} text-red-700`}
                  >
                    Remove
                  </button>
                </div>
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
          name="newImages"
          type="file"
          multiple
          accept={accept}
          onChange={onFiles}
          aria-invalid={shownError ? true : undefined}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-stone-700"
        />
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
