import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicRedirect } from "../lib/http";

// /company alone shows the section's first page.
// The same answer for every anonymous visitor: a shared cache may keep the redirect too.
export function loader({ request }: LoaderFunctionArgs) {
  return publicRedirect(request, "/company/who-we-are");
}
