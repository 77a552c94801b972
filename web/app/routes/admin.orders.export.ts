// The orders of a date range as a CSV download (/admin/orders/export?from=…&to=…, docs/product.md
// §10 "Orders"), admins only. core checks the range with the form's own schema, writes the CSV to
// S3 and signs a link to it (exportOrders: Query pages over the orders by date, streamed into the
// object, never all in memory); this route answers 303 to the link, so the browser downloads the
// file from S3 itself: a Lambda answer holds at most 6 MB, about 20,000 orders
// (docs/decisions/030-exports-past-lambda-limits.md). The redirect is never kept by a cache: the
// link is the admin's alone and expires in minutes. A bad range is a 400 naming the field, never
// a 500.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { OrderExportSchema } from "@shop/core/insights";
import { getContext } from "@shop/core/server/context";
import { exportOrders } from "@shop/core/server/insights";
import { adminLoader } from "../lib/admin.server";
import { parseSubmission } from "../lib/forms";
import { NO_STORE } from "../lib/http";
import { servesUnavailablePage } from "../lib/unavailable.server";

export const loader = servesUnavailablePage(load);

async function load({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const submission = parseSubmission(new URL(request.url).searchParams, OrderExportSchema);
  if (submission.status !== "success") {
    // One line per refused field, as "<field>: <message>" (the form shows them on its fields).
    const lines = Object.entries(submission.error ?? {})
      .filter(([, errors]) => errors?.[0])
      .map(([field, errors]) => `${field}: ${errors?.[0]}`);
    return new Response(`${lines.join("\n") || "from: From is required"}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
    });
  }
  const { url } = await exportOrders(getContext(), submission.value);
  return new Response(null, {
    status: 303,
    headers: { Location: url, "Cache-Control": NO_STORE },
  });
}
