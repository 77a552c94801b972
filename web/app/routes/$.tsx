import { redirect } from "@remix-run/node";

// Any path no route claims redirects to the catalogue (SPEC §2, "any other path").
export function loader() {
  return redirect("/product", 302);
}
