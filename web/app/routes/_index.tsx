import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicRedirect } from "../lib/http";

// The shop's home is the catalogue (docs/product.md §2). A temporary redirect, so the home can change later.
// The same answer for every anonymous visitor: a shared cache may keep the redirect too.
export function loader({ request }: LoaderFunctionArgs) {
  return publicRedirect(request, "/product");
}
