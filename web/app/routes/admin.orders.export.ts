// The orders of a date range as a CSV download (/admin/orders/export?from=…&to=…, docs/product.md
// §10 "Orders"), admins only. core checks the range with the form's own schema and writes the
// rows (orderExportStream: Query pages over the orders by date, streamed, never all in memory);
// this route only answers. A bad range is a 400 naming the field, never a 500.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportFilename, OrderExportSchema } from "@shop/core/insights";
import { getContext } from "@shop/core/server/context";
import { orderExportStream } from "@shop/core/server/insights";
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
  const range = submission.value;
  return new Response(await orderExportStream(getContext(), range), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename(range)}"`,
      "Cache-Control": NO_STORE,
    },
  });
}
