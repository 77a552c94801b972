import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction, useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { type ProductDraft, productDraft } from "@shop/core/catalog";
import {
  getProductById,
  PRODUCT_ID_PATTERN,
  type Product,
  submitProductForm,
} from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { getStock } from "@shop/core/server/inventory";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import { ProductFit } from "../components/admin/ProductFit";
import { ProductForm } from "../components/admin/ProductForm";
import { ErrorPage } from "../components/ErrorPage";
import { adminAction, adminLoader, adminSuccess } from "../lib/admin.server";
import {
  formReply,
  type ReadFormOptions,
  readFormOrRefusal,
  type ServerErrors,
} from "../lib/form.server";
import type { FormReply } from "../lib/forms";
import { NO_STORE, noStoreHeaders } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";
import { isUnavailable, useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

// /admin/products/new and /admin/products/<id>: the product form (create, edit). One form: the
// fields and the images in order (stored ones by key, photos the page uploaded straight to the
// images bucket by key and token: ./admin.products.$id.photo-upload.ts,
// docs/decisions/031-direct-photo-uploads.md) with alt text; no file passes through the site.
// The image buttons (move up, move down, remove) work in the page with JavaScript; without it
// they submit, and the server answers with the form as it now stands.
// The rules are core's (catalog/product-form.server.ts: it checks the fields with the form's
// schema once the images are handled); this route reads the request and answers with Conform's
// reply, as every form does (docs/decisions/015-forms.md).

/**
 * The form: URL-encoded (FORM_MAX_BYTES); its lists are the sizes (checkboxes) and the images in
 * order with their alt texts.
 */
const PRODUCT_FORM: ReadFormOptions = {
  lists: ["sizes", "colours", "imageRef", "imageAlt", "imageColour"],
};
const NEW = "new";

/** The form's product: null for a new one; a 404 for an unknown id. */
async function productFor(id: string): Promise<Product | null> {
  if (id === NEW) return null;
  const product = PRODUCT_ID_PATTERN.test(id) ? await getProductById(getContext(), id) : null;
  if (!product) throw data("Product not found", { status: 404 });
  return product;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await adminLoader(request);
  const product = await productFor(params.id ?? "");
  const stock = product ? await getStock(getContext(), product.id) : {};
  return data(
    {
      mode: product ? ("update" as const) : ("create" as const),
      // A new product gets its id now: its images' folder while the form is being filled in.
      draft: productDraft(product, randomUUID(), stock),
      // Its fit answers from reviews and returns (counts only).
      fit: product ? product.fitCounts : null,
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

/**
 * A new product's loader picks the id its images are stored under: running it again while the
 * admin fills in the form (another form on the page, a revalidation) would start a new form and
 * orphan the images already uploaded. So /admin/products/new runs its loader only on arrival.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  nextParams,
  actionResult,
  defaultShouldRevalidate,
}) =>
  (nextParams.id === NEW && currentUrl.pathname === nextUrl.pathname) ||
  // A save a dependency did not answer: reloading would fail the same way and lose the form.
  isUnavailable(actionResult)
    ? false
    : defaultShouldRevalidate;

type Answer = { draft?: ProductDraft; result?: FormReply; formError?: string };

/** Core's messages as Conform takes them (a list per field). */
function serverErrors(fieldErrors: Record<string, string>, formError?: string): ServerErrors {
  return {
    fieldErrors: Object.fromEntries(
      Object.entries(fieldErrors).map(([name, message]) => [name, [message]]),
    ),
    ...(formError ? { formErrors: [formError] } : {}),
  };
}

export const action = keepsInput(submit);

async function submit({ request, params }: ActionFunctionArgs) {
  await adminAction(request);
  const product = await productFor(params.id ?? "");
  // A refused body shows in the form's error banner, like the form's other refusals.
  const read = await readFormOrRefusal(request, PRODUCT_FORM);
  if (!read.ok) {
    const answer: Answer = { formError: read.message };
    if (read.field !== undefined) {
      answer.result = formReply(new FormData(), serverErrors({ [read.field]: read.message }));
    }
    return data<Answer>(answer, { status: read.status });
  }
  const form = read.form;
  const id = product?.id ?? String(form.get("draftId") ?? "");
  if (!PRODUCT_ID_PATTERN.test(id)) {
    return data<Answer>({ formError: "Reload the page and try again" }, { status: 400 });
  }
  const result = await submitProductForm(getContext(), product, id, form, []);
  switch (result.outcome) {
    case "changed":
      return data<Answer>({ draft: result.draft });
    case "refused": {
      const { status, draft, fieldErrors, formError } = result;
      return data<Answer>(
        { draft, formError, result: formReply(form, serverErrors(fieldErrors, formError)) },
        { status },
      );
    }
    case "saved":
      return adminSuccess(
        "/admin/list-products",
        `Product “${result.product.name}” ${result.created ? "created" : "updated"} successfully`,
      );
  }
}

export const headers = noStoreHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  {
    title: `${loaderData?.mode === "update" ? `Edit ${loaderData.draft.name}` : "New product"} | Admin | ${SHOP_NAME}`,
  },
];

export default function EditProduct() {
  const { mode, draft, fit } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const shown = answer?.draft ?? draft;
  return (
    <section aria-labelledby="product-form-title">
      <AdminErrorBanner message={answer?.formError} />
      <h2 id="product-form-title" className="text-xl font-semibold">
        {mode === "update" ? `Edit ${draft.name}` : "New product"}
      </h2>
      <ProductForm key={draft.id} mode={mode} draft={shown} lastResult={answer?.result} />
      {fit ? <ProductFit counts={fit} className="mt-10 border-t border-stone-200 pt-6" /> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
