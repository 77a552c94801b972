// What the product page's forms do (docs/product.md §2 "Product page"): "Notify me" for a
// sold-out size, and a review added or deleted. Author and product come from the session and
// the URL, never from the form.
import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/server-runtime";
import { ReviewSchema } from "@shop/core/reviews";
import { isDomainError } from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { addReview, deleteReview } from "@shop/core/server/reviews";
import { REVIEW_ERROR } from "../components/ReviewDialog";
import { readForm, refuseForm } from "./form.server";
import { parseSubmission } from "./forms";
import { logError } from "./observability.server";
import { NOTIFY_ME, requestRestock } from "./restock.server";
import { assertSameOrigin } from "./security.server";
import { requireUser } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** Slugs are lower-case words joined by dashes; anything else cannot be a product. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 200;

/** The product page's forms: "Notify me" (anyone), a review written or deleted (signed in). */
export async function productPageAction({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const ctx = getContext();
  const slug = params.slug ?? "";
  const product =
    slug.length <= SLUG_MAX_LENGTH && SLUG.test(slug) ? await getProductBySlug(ctx, slug) : null;
  if (!product) throw data("Product not found", { status: 404 });
  const form = await readForm(request);
  const page = `/product/${product.slug}`;
  // Anyone may leave an address for a sold-out size; everything else needs an account.
  if (form.get("intent") === NOTIFY_ME.intent) return requestRestock(form, product);
  const user = await requireUser(request);

  switch (form.get("intent")) {
    case "add-review": {
      const submission = parseSubmission(form, ReviewSchema);
      if (submission.status !== "success") return refuseForm(submission, 400);
      try {
        // Author and product come from the session and the URL, never from the form.
        await addReview(ctx, user, product.id, submission.value);
      } catch (error) {
        // docs/product.md §8: the server's message, or "An error has occurred", above the form.
        if (isDomainError(error)) {
          return refuseForm(submission, error.status, { formErrors: [error.message] });
        }
        logError("review add failed", error);
        return refuseForm(submission, 500, { formErrors: [REVIEW_ERROR] });
      }
      return redirectWithToast(`${page}#reviews`, {
        type: "success",
        title: "Success",
        description: "Review added successfully",
      });
    }
    case "delete-review": {
      const author = form.get("author");
      if (typeof author !== "string" || author === "" || author.length > 100) {
        throw data("Review not found", { status: 400 });
      }
      try {
        await deleteReview(ctx, user, product.id, author);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return redirectWithToast(`${page}#reviews`, {
          type: "error",
          title: "Error",
          description: error.message,
        });
      }
      return redirectWithToast(`${page}#reviews`, {
        type: "success",
        title: "Success",
        description: "Review deleted successfully",
      });
    }
    default:
      throw data("Unknown intent", { status: 400 });
  }
}
