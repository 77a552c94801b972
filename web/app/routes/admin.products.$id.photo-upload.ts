// POST /admin/products/<id>/photo-upload (type=<the photo's MIME type>): a presigned POST for one
// photo of the product (or of the new product whose images' folder is <id>), which the product
// form's page sends straight to the images bucket (docs/decisions/031-direct-photo-uploads.md).
// Admins only, the role from the session; core chooses the key and signs the policy
// (catalog/photo-uploads.server.ts). JSON for the page's own fetch: { url, fields, ref }, or a
// 4xx { fieldErrors: { images } }.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isDomainError } from "@shop/core/server/accounts";
import { presignProductPhoto } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { adminAction, adminLoader } from "../lib/admin.server";
import { readForm } from "../lib/form.server";
import { jsonResponse, NO_STORE } from "../lib/http";
import { keepsInput } from "../lib/unavailable.server";

/** Only a POST asks for an upload: a GET is the admin's guard, then 405. */
export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST", "Cache-Control": NO_STORE },
  });
}

export const action = keepsInput(async ({ request, params }: ActionFunctionArgs) => {
  await adminAction(request);
  const form = await readForm(request);
  const type = form.get("type");
  try {
    const upload = await presignProductPhoto(
      getContext(),
      params.id ?? "",
      typeof type === "string" ? type : "",
    );
    return jsonResponse(
      { url: upload.url, fields: upload.fields, ref: upload.ref },
      { headers: { "Cache-Control": NO_STORE } },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return jsonResponse(
      { fieldErrors: { images: error.message } },
      { status: error.status, headers: { "Cache-Control": NO_STORE } },
    );
  }
});
