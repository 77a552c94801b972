import { redirect } from "@remix-run/node";

// /cart shows the cart (SPEC §2 "/cart/** goes to view-cart").
export function loader() {
  return redirect("/cart/view-cart", 302);
}
