import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { publicPageCacheControl } from "../lib/http";

// The shop's home is the catalogue (docs/product.md §2). A temporary redirect, so the home can change later.
// The same answer for every anonymous visitor: a shared cache may keep the redirect too.
export function loader({ request }: LoaderFunctionArgs) {
  return redirect("/product", {
    status: 302,
    headers: { "Cache-Control": publicPageCacheControl(request) },
  });
}
