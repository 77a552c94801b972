import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/server-runtime";
import { StaticSection } from "../components/StaticSection";
import { publicPageCacheControl, publicPageHeaders } from "../lib/http";
import { COMPANY_LINKS } from "../lib/shop";

// The company pages' layout; /company/<unknown> is claimed by the catch-all ($.tsx → /product).
// Its pages are the same for every anonymous visitor: shared-cacheable (the pages themselves
// export no headers, so this layout's apply).

export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: { "Cache-Control": publicPageCacheControl(request) } });
}

export const headers = publicPageHeaders;
export default function CompanyLayout() {
  return <StaticSection title="Company" links={COMPANY_LINKS} />;
}
