// The "Write a review" box and the add-review modal (docs/product.md §2, §5 "Review"). The modal's
// code (Conform and the review schema, ./ReviewDialogForm.tsx) is a chunk of its own in the
// browser, loaded only by a page that opens it: the product page, which every visitor sees,
// does not carry it (docs/decisions/015-forms.md). The server renders the modal in place, so it
// works before the chunk arrives and without JavaScript; the page hydrates it once loaded.
import { Link } from "@remix-run/react";
import { type ComponentProps, lazy, Suspense } from "react";
import { secondaryButtonClass } from "./AuthField";
import { ReviewDialogForm } from "./ReviewDialogForm";

export const WRITE_REVIEW_PARAM = "write-review";
export const REVIEW_ERROR = "An error has occurred";

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

/** On the server the modal itself; in the browser its chunk, loaded when a page shows it. */
const Dialog = import.meta.env.SSR
  ? ReviewDialogForm
  : lazy(() =>
      import("./ReviewDialogForm").then((module) => ({ default: module.ReviewDialogForm })),
    );

export function ReviewDialog(props: ComponentProps<typeof ReviewDialogForm>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
