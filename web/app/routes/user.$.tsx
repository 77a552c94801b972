import { redirect } from "@remix-run/node";

// The empty path and any other path of the user area go to the profile (docs/product.md §2).
export function loader() {
  return redirect("/user/profile");
}
