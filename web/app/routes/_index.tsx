import { redirect } from "@remix-run/node";

// The shop's home is the catalogue (docs/product.md §2). A temporary redirect, so the home can change later.
export function loader() {
  return redirect("/product", 302);
}
