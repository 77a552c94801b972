import { randomUUID } from "node:crypto";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  type MetaFunction,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import {
  applyImageOperation,
  centsToEuroInput,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  imageRefText,
  MAX_IMAGES,
  ProductFormSchema,
  parseImageOperation,
  parseImageRef,
  productFormInput,
  slugify,
  TOO_MANY_IMAGES,
} from "@shop/core/catalog";
import { isDomainError } from "@shop/core/server/accounts";
import {
  checkProductImage,
  createProduct,
  deleteProductImages,
  getProductById,
  PRODUCT_ID_PATTERN,
  type Product,
  productImageFolder,
  putProductImage,
  updateProduct,
} from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { parseForm } from "@shop/core/shared";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import { type ProductDraft, ProductForm } from "../components/admin/ProductForm";
import { ErrorPage } from "../components/ErrorPage";
import { adminAction, adminLoader } from "../lib/admin.server";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";

// /admin/products/new and /admin/products/<id>: the product form (create, edit). One multipart
// form: the fields, the images in order (stored ones by key, new files by position) with alt
// text, and the new files. The image buttons (move up, move down, remove) work in the page with
// JavaScript; without it they submit, and the server answers with the form as it now stands.

/** A whole submission: every image at its largest, plus the text fields. */
const MAX_REQUEST_BYTES = MAX_IMAGES * IMAGE_MAX_BYTES + 1024 * 1024;
const NEW = "new";

/** The form's id: a fresh one for a new product (its images' folder), else the product's. */
async function productFor(id: string): Promise<Product | null> {
  if (id === NEW) return null;
  const product = PRODUCT_ID_PATTERN.test(id) ? await getProductById(getContext(), id) : null;
  if (!product) throw data("Product not found", { status: 404 });
  return product;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await adminLoader(request);
  const product = await productFor(params.id ?? "");
  const draft: ProductDraft = product
    ? {
        id: product.id,
        name: product.name,
        slug: product.slug,
        category: product.category,
        price: centsToEuroInput(product.priceCents),
        description: product.description,
        sizes: product.sizes,
        images: product.images.map((image) => ({
          ref: `key:${image.key}`,
          alt: image.alt,
          url: image.url,
        })),
      }
    : {
        id: randomUUID(),
        name: "",
        slug: "",
        category: "",
        price: "",
        description: "",
        sizes: [],
        images: [],
      };
  return data(
    { mode: product ? ("update" as const) : ("create" as const), draft },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

type Answer = { draft: ProductDraft; fieldErrors: Record<string, string>; formError?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  await adminAction(request);
  const product = await productFor(params.id ?? "");
  const ctx = getContext();

  const form = await readForm(request);
  if (!(form instanceof FormData)) {
    const answer: Partial<Answer> = { formError: form.refused };
    return data(answer, { status: form.status });
  }

  const id = product?.id ?? String(form.get("draftId") ?? "");
  if (!PRODUCT_ID_PATTERN.test(id)) {
    const answer: Partial<Answer> = { formError: "Reload the page and try again" };
    return data(answer, { status: 400 });
  }
  const files = form
    .getAll("newImages")
    .filter((file): file is File => typeof file !== "string" && file.size > 0);
  const input = productFormInput(form);
  // Without JavaScript the chosen files are not placed in the list: they go at its end.
  const images = (input.images as Array<{ ref: string; alt: string }>).filter((image) => {
    const ref = parseImageRef(image.ref);
    return ref?.kind !== "new" || ref.index < files.length;
  });
  for (let index = 0; index < files.length; index++) {
    if (!images.some((image) => image.ref === `new:${index}`)) {
      images.push({ ref: `new:${index}`, alt: "" });
    }
  }
  const name = typeof input.name === "string" ? input.name : "";
  // No slug typed (e.g. without JavaScript): the one made from the name.
  const slug =
    typeof input.slug === "string" && input.slug.trim() !== "" ? input.slug : slugify(name);
  const base = ctx.config.imagesBaseUrl;
  const draftOf = (list: typeof images): ProductDraft => ({
    id,
    name,
    slug,
    category: typeof input.category === "string" ? input.category : "",
    price: typeof input.price === "string" ? input.price : "",
    description: typeof input.description === "string" ? input.description : "",
    sizes: (input.sizes as string[]).filter((size) => size.length <= 4),
    // Files not stored cannot be shown again: only stored images stay in the answer's list.
    images: list.flatMap((image) => {
      const ref = parseImageRef(image.ref);
      return ref?.kind === "key"
        ? [{ ref: image.ref, alt: image.alt.slice(0, 200), url: `${base}/${ref.key}` }]
        : [];
    }),
  });
  const refuse = (fieldErrors: Record<string, string>, status: number, formError?: string) => {
    const answer: Partial<Answer> = { draft: draftOf(images), fieldErrors, formError };
    return data(answer, { status });
  };

  // Only real raster images, whatever their name or declared type.
  for (const file of files) {
    try {
      checkProductImage(new Uint8Array(await file.arrayBuffer()), file.name);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return refuse({ images: error.message }, 400);
    }
  }
  // Stored images: this product's own, or new ones in its folder; nothing else in the bucket.
  const own = new Set(product?.images.map((image) => image.key) ?? []);
  for (const image of images) {
    const ref = parseImageRef(image.ref);
    if (ref?.kind === "key" && !own.has(ref.key) && !ref.key.startsWith(productImageFolder(id))) {
      return refuse({ images: "Unknown image" }, 400);
    }
  }

  const operation = parseImageOperation(form.get("intent"));
  if (operation) {
    if (images.length > MAX_IMAGES) return refuse({ images: TOO_MANY_IMAGES }, 400);
    const stored = await storeNewImages(id, images, files);
    const answer: Answer = {
      draft: draftOf(applyImageOperation(stored, operation)),
      fieldErrors: {},
    };
    return data(answer);
  }
  if (form.get("intent") !== "save") return refuse({}, 400, "Unknown action");

  const parsed = parseForm(ProductFormSchema, { ...input, slug, images });
  if (!parsed.success) return refuse(parsed.fieldErrors, 400, parsed.formError);
  const stored = await storeNewImages(id, images, files);
  const uploaded = stored.flatMap((image, i) => (images[i]?.ref.startsWith("new:") ? [image] : []));
  const fields = parsed.data;
  const newProduct = {
    name: fields.name,
    slug: fields.slug,
    category: fields.category,
    priceCents: fields.price,
    description: fields.description,
    sizes: fields.sizes,
    images: stored.map((image) => ({
      key: image.ref.slice("key:".length),
      alt: image.alt.trim() || fields.name,
    })),
  };
  try {
    if (product) {
      const { removedImageKeys } = await updateProduct(ctx, product.id, newProduct);
      await deleteProductImages(ctx, removedImageKeys);
    } else {
      await createProduct(ctx, newProduct, { id });
    }
  } catch (error) {
    // Nothing is kept of a refused change: not even the files it uploaded.
    await deleteProductImages(
      ctx,
      uploaded.map((image) => image.ref.slice("key:".length)),
    );
    if (!isDomainError(error)) throw error;
    return error.field
      ? refuse({ [error.field]: error.message }, error.status)
      : refuse({}, error.status, error.message);
  }
  return redirectWithToast("/admin/list-products", {
    type: "success",
    title: "Success",
    description: product
      ? `Product “${fields.name}” updated successfully`
      : `Product “${fields.name}” created successfully`,
  });
}

/** The submitted form; files of at most 5 MB each, kept in memory. */
async function readForm(
  request: Request,
): Promise<FormData | { refused: string; status: 400 | 413 }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return request.formData();
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_REQUEST_BYTES) {
    return { refused: TOO_MANY_IMAGES, status: 413 };
  }
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: IMAGE_MAX_BYTES }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return { refused: IMAGE_TOO_LARGE, status: 413 };
    }
    return { refused: "The form could not be read", status: 400 };
  }
}

/** The list with each new file stored in the product's folder (as a key). */
async function storeNewImages(
  productId: string,
  images: ReadonlyArray<{ ref: string; alt: string }>,
  files: readonly File[],
): Promise<Array<{ ref: string; alt: string }>> {
  const ctx = getContext();
  return Promise.all(
    images.map(async (image) => {
      const ref = parseImageRef(image.ref);
      const file = ref?.kind === "new" ? files[ref.index] : undefined;
      if (!file) return image;
      const key = await putProductImage(
        ctx,
        productId,
        new Uint8Array(await file.arrayBuffer()),
        file.name,
      );
      return { ref: imageRefText({ kind: "key", key }), alt: image.alt };
    }),
  );
}

export const headers: HeadersFunction = () => ({ "Cache-Control": NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  {
    title: `${loaderData?.mode === "update" ? `Edit ${loaderData.draft.name}` : "New product"} | Admin | ${SHOP_NAME}`,
  },
];

export default function EditProduct() {
  const { mode, draft } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const shown = answer?.draft ?? draft;
  const fieldErrors = answer?.fieldErrors ?? {};
  return (
    <section aria-labelledby="product-form-title">
      <AdminErrorBanner message={answer?.formError} />
      <h2 id="product-form-title" className="text-xl font-semibold">
        {mode === "update" ? `Edit ${draft.name}` : "New product"}
      </h2>
      <ProductForm key={draft.id} mode={mode} draft={shown} errors={fieldErrors} />
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
