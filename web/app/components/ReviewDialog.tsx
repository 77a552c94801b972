// The "Write a review" box and the add-review modal (docs/product.md §2, §5 "Review"). The modal is open
// while the URL says ?write-review=1, so it works without JavaScript (a real link and a real
// form); with JavaScript it is a modal <dialog>: focus stays inside, Escape closes it. Stars are
// five radio buttons: a click or the arrow keys choose, hovering highlights.
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { parseForm } from "@shop/core/common";
import { REVIEW_MAX_LENGTH, ReviewSchema } from "@shop/core/reviews";
import { useEffect, useId, useRef, useState } from "react";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "./AuthField";

export const WRITE_REVIEW_PARAM = "write-review";
export const REVIEW_ERROR = "An error has occurred";

export interface ReviewAnswer {
  fieldErrors?: Record<string, string | undefined>;
  formError?: string;
}

export function WriteReviewBox({ openHref }: { openHref: string }) {
  return (
    <div className="rounded-lg border border-stone-200 p-5">
      <h3 className="font-semibold text-stone-900">Share your thoughts</h3>
      <p className="mt-1 text-sm text-stone-600">
        You bought this product: tell other customers what you think.
      </p>
      <Link
        to={openHref}
        preventScrollReset
        replace
        className={`${secondaryButtonClass} mt-4 w-full`}
      >
        Write a review
      </Link>
    </div>
  );
}

export function ReviewDialog({
  productName,
  closeHref,
  answer,
}: {
  productName: string;
  closeHref: string;
  answer: ReviewAnswer | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const id = useId();
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [description, setDescription] = useState("");
  const [touched, setTouched] = useState(false);

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

  const check = parseForm(ReviewSchema, { rating, description });
  const clientErrors = check.success ? {} : check.fieldErrors;
  const serverErrors = answer?.fieldErrors ?? {};
  const ratingError = touched ? clientErrors.rating : serverErrors.rating;
  const descriptionError = touched ? clientErrors.description : serverErrors.description;
  // A refusal of the server ("You have already reviewed this product") or "An error has occurred".
  const serverMessage = answer?.formError;
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
      <Form
        method="post"
        preventScrollReset
        noValidate
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          setTouched(true);
          if (!check.success) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="add-review" />
        <fieldset aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
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
            <p id={`${id}-rating-error`} className="mt-1 text-sm text-red-700">
              {ratingError}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor={`${id}-description`} className="text-sm font-medium text-stone-800">
            Description
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={5}
            required
            maxLength={REVIEW_MAX_LENGTH}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={`${id}-count${descriptionError ? ` ${id}-description-error` : ""}`}
            className={inputClass}
          />
          <div className="mt-1 flex justify-between gap-4 text-sm">
            <p id={`${id}-description-error`} className="text-red-700">
              {descriptionError ?? ""}
            </p>
            <p id={`${id}-count`} className="shrink-0 text-stone-500 tabular-nums">
              {description.length}/{REVIEW_MAX_LENGTH}
            </p>
          </div>
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
