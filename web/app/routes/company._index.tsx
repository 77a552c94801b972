import { redirect } from "@remix-run/node";

// /company alone shows the section's first page.
export function loader() {
  return redirect("/company/who-we-are", 302);
}
