import { redirect } from "@remix-run/server-runtime";

// Any other /auth/* path goes to sign-in (docs/product.md §2).
export function loader() {
  return redirect("/auth/sign-in");
}
