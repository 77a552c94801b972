import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { publicPageCacheControl } from "../lib/http";

// /customer-service alone shows the section's first page.
// The same answer for every anonymous visitor: a shared cache may keep the redirect too.
export function loader({ request }: LoaderFunctionArgs) {
  return redirect("/customer-service/contact", {
    status: 302,
    headers: { "Cache-Control": publicPageCacheControl(request) },
  });
}
