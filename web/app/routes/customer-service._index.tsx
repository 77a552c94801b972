import { redirect } from "@remix-run/node";

// /customer-service alone shows the section's first page.
export function loader() {
  return redirect("/customer-service/contact", 302);
}
