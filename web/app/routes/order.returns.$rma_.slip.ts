// A return's printable slip (/order/returns/<rma>/slip): a PDF built on request with the RMA, the
// items and the shop's return address; only for the return's customer or an admin, 404 for
// anyone else (no hint that the return exists).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getContext } from "@shop/core/server/context";
import { getReturn, returnSlipPdf } from "@shop/core/server/returns";
import { NO_STORE } from "../lib/http";
import { requireUser } from "../lib/session.server";
import { servesUnavailablePage } from "../lib/unavailable.server";

export const loader = servesUnavailablePage(load);

async function load({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await getReturn(getContext(), params.rma ?? "");
  if (!found || (found.userId !== user.id && !user.isAdmin)) {
    return new Response("Not found", { status: 404, headers: { "Cache-Control": NO_STORE } });
  }
  const pdf = await returnSlipPdf(found);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="return-slip-${found.rma}.pdf"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": NO_STORE,
    },
  });
}
