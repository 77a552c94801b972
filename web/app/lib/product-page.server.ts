// What the product page's forms do (docs/product.md §2 "Product page"): "Notify me" for a
// sold-out size, and a review added or deleted. Author and product come from the session and
// the URL, never from the form.
import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/server-runtime";
import { AddToCartSchema, addedToCartText } from "@shop/core/cart";
import { choiceQuery, namedColour, sizeLabel } from "@shop/core/catalog";
import { ReviewSchema } from "@shop/core/reviews";
import { isDomainError } from "@shop/core/server/accounts";
import { addLineToCart } from "@shop/core/server/cart";
import { getProductBySlug } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { addReview, deleteReview } from "@shop/core/server/reviews";
import { REVIEW_ERROR } from "../components/ReviewDialog";
import { cartCookieHeader, cookieCartLines } from "./cart-cookie.server";
import { readForm, refuseForm, refuseWithDomainError } from "./form.server";
import { parseSubmission } from "./forms";
import { logError } from "./observability.server";
import { NOTIFY_ME, requestRestock } from "./restock.server";
import { assertSameOrigin } from "./security.server";
import { requireUser } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** Slugs are lower-case words joined by dashes; anything else cannot be a product. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 200;

/** Marks the product page's answers that belong to "Add to cart". */
export const ADD_TO_CART = { intent: "add-to-cart" } as const;

/**
 * The product page's forms: "Add to cart" posted without JavaScript and "Notify me" (anyone), a
 * review written or deleted (signed in).
 */
export async function productPageAction({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const ctx = getContext();
  const slug = params.slug ?? "";
  const product =
    slug.length <= SLUG_MAX_LENGTH && SLUG.test(slug) ? await getProductBySlug(ctx, slug) : null;
  if (!product) throw data("Product not found", { status: 404 });
  const form = await readForm(request);
  const page = `/product/${product.slug}`;
  // Anyone may fill a cart or leave an address for a sold-out size; reviews need an account.
  if (form.get("intent") === ADD_TO_CART.intent) return addToCookieCart(request, form, product);
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

/**
 * "Add to cart" without JavaScript (with it, the page adds to the browser's cart itself): the
 * line goes into the cart the `cart` cookie keeps, and the page comes back on the same colour
 * and size with "Added to cart". A variant not offered or sold out, or a full cart, is a 4xx
 * naming the field.
 */
async function addToCookieCart(
  request: Request,
  form: FormData,
  product: NonNullable<Awaited<ReturnType<typeof getProductBySlug>>>,
) {
  const submission = parseSubmission(form, AddToCartSchema);
  if (submission.status !== "success") return refuseForm(submission, 400, {}, ADD_TO_CART);
  let cart: Awaited<ReturnType<typeof addLineToCart>>;
  try {
    cart = await addLineToCart(getContext(), cookieCartLines(request), product, submission.value);
  } catch (error) {
    return refuseWithDomainError(submission, error, "size", ADD_TO_CART);
  }
  const { colour, size } = cart.added;
  return redirectWithToast(
    `/product/${product.slug}${choiceQuery(colour, size)}`,
    {
      type: "success",
      title: "Added to cart",
      description: addedToCartText(product.name, namedColour(colour), sizeLabel(size)),
    },
    { headers: { "Set-Cookie": cartCookieHeader(cart.lines) } },
  );
}
