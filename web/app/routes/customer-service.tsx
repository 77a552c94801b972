import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/server-runtime";
import { StaticSection } from "../components/StaticSection";
import { publicPageCacheControl, publicPageHeaders } from "../lib/http";
import { CUSTOMER_SERVICE_LINKS } from "../lib/shop";

// The customer service pages' layout; unknown pages go to the catalogue via the catch-all.
// Its pages are the same for every anonymous visitor: shared-cacheable (the pages themselves
// export no headers, so this layout's apply).

export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: { "Cache-Control": publicPageCacheControl(request) } });
}

export const headers = publicPageHeaders;
export default function CustomerServiceLayout() {
  return <StaticSection title="Customer Service" links={CUSTOMER_SERVICE_LINKS} />;
}
