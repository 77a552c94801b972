// The add-review modal (docs/product.md §2, §5 "Review"), loaded on its own (./ReviewDialog.tsx):
// open while the URL says ?write-review=1, so it works without JavaScript (a real link and a real
// form); with JavaScript it is a modal <dialog>: focus stays inside, Escape closes it. Stars are
// five radio buttons: a click or the arrow keys choose, hovering highlights. How the size fitted
// is three more, optional (docs/product.md §9 "Fit feedback"). The form is checked
// with the action's schema (docs/decisions/015-forms.md).
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { FIT_LABELS, FITS, REVIEW_MAX_LENGTH, ReviewSchema } from "@shop/core/reviews";
import { useEffect, useRef, useState } from "react";
import { type FormReply, useSchemaForm } from "../lib/forms";
import { primaryButtonClass, secondaryButtonClass } from "./AuthField";
import { Field } from "./Field";

export function ReviewDialogForm({
  productName,
  closeHref,
  lastResult,
}: {
  productName: string;
  closeHref: string;
  lastResult: FormReply | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(ReviewSchema, { id: "review", lastResult });
  const id = form.id;
  // What was sent when the server refused it (without JavaScript), else nothing chosen yet.
  const sent = lastResult?.initialValue;
  const [rating, setRating] = useState(() => Number(sent?.rating) || 0);
  const [hover, setHover] = useState(0);
  const [description, setDescription] = useState(() =>
    typeof sent?.description === "string" ? sent.description : "",
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Rendered open by the server (visible without JavaScript): reopen it as a modal.
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeHref, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [closeHref, navigate]);

  const ratingError = fields.rating.errors?.[0];
  const fitError = fields.fit.errors?.[0];
  // A refusal of the server ("You have already reviewed this product") or "An error has occurred".
  const serverMessage = form.errors?.[0];
  const shown = hover || rating;

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={`${id}-title`}
      className="fixed inset-0 z-50 m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        Write a review
      </h2>
      <p className="mt-1 text-sm text-stone-600">{productName}</p>
      {serverMessage ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {serverMessage}
        </p>
      ) : null}
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-5 space-y-5">
        <input type="hidden" name="intent" value="add-review" />
        <fieldset aria-describedby={ratingError ? fields.rating.errorId : undefined}>
          <legend className="text-sm font-medium text-stone-800">Rating</legend>
          <div className="mt-2 flex gap-1">
            {[1, 2, 3, 4, 5].map((star) => (
              <label
                key={star}
                className="cursor-pointer"
                onMouseEnter={() => setHover(star)}
                onMouseLeave={() => setHover(0)}
              >
                <input
                  type="radio"
                  name="rating"
                  value={star}
                  checked={rating === star}
                  onChange={() => {
                    setRating(star);
                  }}
                  className="peer sr-only"
                />
                <span className="sr-only">
                  {star} {star === 1 ? "star" : "stars"}
                </span>
                <svg
                  viewBox="0 0 20 20"
                  width="32"
                  height="32"
                  aria-hidden="true"
                  focusable="false"
                  data-filled={star <= shown ? "true" : "false"}
                  className={`rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600 ${
                    star <= shown ? "fill-star" : "fill-stone-300"
                  }`}
                >
                  <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
                </svg>
              </label>
            ))}
          </div>
          {ratingError ? (
            <p id={fields.rating.errorId} className="mt-1 text-sm text-red-700">
              {ratingError}
            </p>
          ) : null}
        </fieldset>
        <fieldset aria-describedby={fitError ? fields.fit.errorId : undefined}>
          <legend className="text-sm font-medium text-stone-800">
            How did the size fit? <span className="font-normal text-stone-600">(optional)</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {FITS.map((fit) => (
              <label key={fit} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name="fit"
                  value={fit}
                  defaultChecked={sent?.fit === fit}
                  className="size-4 accent-accent-600"
                />
                {FIT_LABELS[fit]}
              </label>
            ))}
          </div>
          {fitError ? (
            <p id={fields.fit.errorId} className="mt-1 text-sm text-red-700">
              {fitError}
            </p>
          ) : null}
        </fieldset>
        <div>
          <Field
            meta={fields.description}
            label="Description"
            as="textarea"
            rows={5}
            maxLength={REVIEW_MAX_LENGTH}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            describedBy={`${id}-count`}
          />
          <p id={`${id}-count`} className="mt-1 text-right text-sm text-stone-500 tabular-nums">
            {description.length}/{REVIEW_MAX_LENGTH}
          </p>
        </div>
        <div className="flex justify-end gap-3">
          <Link to={closeHref} replace preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
            {busy ? "Adding…" : "Add review"}
          </button>
        </div>
      </Form>
    </dialog>
  );
}
