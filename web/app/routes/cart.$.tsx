import { redirect } from "@remix-run/node";

// Any other /cart/** path shows the cart (docs/spec.md §2 "/cart/** goes to view-cart").
export function loader() {
  return redirect("/cart/view-cart", 302);
}
