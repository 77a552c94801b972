import { redirect } from "@remix-run/server-runtime";

// The empty path and any other path of the user area go to the profile (docs/product.md §2).
export function loader() {
  return redirect("/user/profile");
}
