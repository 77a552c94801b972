import { redirect } from "@remix-run/server-runtime";

// Any path no route claims redirects to the catalogue (docs/product.md §2, "any other path").
export function loader() {
  return redirect("/product", 302);
}
