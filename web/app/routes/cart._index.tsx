import { redirect } from "@remix-run/server-runtime";

// /cart shows the cart (docs/product.md §2 "Other cart paths").
export function loader() {
  return redirect("/cart/view-cart", 302);
}
