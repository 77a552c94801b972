// Submitting the admin's product form (create and edit): the fields, the colourways, the size
// scale and sizes, the images in order (stored ones by key, photos the browser uploaded to the
// bucket by key and token, new files by position) with alt text and colour, each variant's units,
// SKU and barcode, the new files, and what the form asks for — an operation (move up, move down,
// remove an image or a colourway, add a colour, show a scale's sizes; without JavaScript these
// buttons submit) or a save. Everything here is
// checked as hostile input: files and uploads by their content, stored images against the
// product's own, uploads against the keys the server presigned for this product
// (./photo-uploads.server.ts), fields by the form's schema.

import { DomainError, isDomainError } from "../common/errors.ts";
import { parseForm } from "../common/forms.ts";
import type { Context } from "../context/index.server.ts";
import { saveStock } from "../inventory/stock.server.ts";
import { checkProductImage, deleteProductImages, putProductImage } from "./images.server.ts";
import { checkUploadedPhoto, uploadIssuedFor, uploadRef } from "./photo-uploads.server.ts";
import { MAX_IMAGES } from "./photos.ts";
import {
  COLOUR_UNKNOWN,
  colourTwice,
  MAX_COLOURS,
  ProductFormSchema,
  parseImageRef,
  TOO_MANY_COLOURS,
  TOO_MANY_IMAGES,
  type VariantInput,
  variantField,
} from "./product-form.ts";
import {
  applyImageOperation,
  type ProductDraft,
  parseFormOperation,
  productFormInput,
  type VariantDraft,
} from "./product-form-draft.ts";
import { createProduct, updateProduct } from "./product-saves.server.ts";
import type { Product } from "./products.server.ts";
import { DEFAULT_SIZE_SCALE, isSizeScaleId, sortSizes } from "./sizes.ts";
import { slugify } from "./slug.ts";
import { colourOf, parseVariantKey, variantKey } from "./variants.ts";

/** A file sent with the form. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export type ProductFormResult =
  /** Stored: created or updated. */
  | { outcome: "saved"; product: Product; created: boolean }
  /** An image operation applied: the form as it now stands (new files stored already). */
  | { outcome: "changed"; draft: ProductDraft }
  /** Nothing stored; the form as sent (files not stored cannot be shown again). */
  | {
      outcome: "refused";
      status: number;
      draft: ProductDraft;
      fieldErrors: Record<string, string>;
      formError?: string;
    };

export const UNKNOWN_IMAGE = "Unknown image";
export const UNKNOWN_ACTION = "Unknown action";

type ImageEntry = { ref: string; alt: string; colour: string };

/**
 * Applies a submission of the product form to `product` (null: a new product with id `id`,
 * which names its images' folder). Returns what to show; throws only unexpected errors. A save
 * that is refused keeps nothing, not even the files it uploaded.
 */
export async function submitProductForm(
  ctx: Context,
  product: Product | null,
  id: string,
  form: FormData,
  files: readonly UploadedFile[],
): Promise<ProductFormResult> {
  const input = productFormInput(form);
  // Without JavaScript the chosen files are not placed in the list: they go at its end.
  const images = (input.images as ImageEntry[]).filter((image) => {
    const ref = parseImageRef(image.ref);
    return ref?.kind !== "new" || ref.index < files.length;
  });
  const typedColours = input.colours as string[];
  for (let index = 0; index < files.length; index++) {
    if (!images.some((image) => image.ref === `new:${index}`)) {
      images.push({ ref: `new:${index}`, alt: "", colour: typedColours[0] ?? "" });
    }
  }
  const name = typeof input.name === "string" ? input.name : "";
  // No slug typed (e.g. without JavaScript): the one made from the name.
  const slug =
    typeof input.slug === "string" && input.slug.trim() !== "" ? input.slug : slugify(name);
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const sizeScale = text(input.sizeScale);
  const sizes = (input.sizes as string[]).filter((size) => size.length <= 8);
  // Each variant's cells as typed, by key (a cell not sent is empty: 0 units, suggested SKU).
  const cells = new Map(
    (input.variants as VariantInput[]).map((cell) => [variantKey(cell.colour, cell.size), cell]),
  );
  const draftOf = (
    list: readonly ImageEntry[],
    shape: { colours: readonly string[]; sizeScale: string; sizes: readonly string[] } = {
      colours: typedColours,
      sizeScale,
      sizes,
    },
  ): ProductDraft => ({
    id,
    name,
    slug,
    category: text(input.category),
    productType: text(input.productType).slice(0, 60),
    price: text(input.price),
    salePrice: text(input.salePrice).slice(0, 20),
    saleStartsAt: text(input.saleStartsAt).slice(0, 20),
    saleEndsAt: text(input.saleEndsAt).slice(0, 20),
    description: text(input.description),
    sizeScale: shape.sizeScale,
    sizes: shape.sizes,
    colours: shape.colours.map((colour) => colour.slice(0, 40)),
    variants: Object.fromEntries(
      shape.colours.flatMap((colour) =>
        shape.sizes.map((size): [string, VariantDraft] => {
          const cell = cells.get(variantKey(colour, size));
          const shown = Number(cell?.shown ?? 0);
          return [
            variantKey(colour, size),
            {
              stock: (cell?.stock ?? "0").slice(0, 10),
              shown: Number.isSafeInteger(shown) && shown >= 0 ? shown : 0,
              sku: (cell?.sku ?? "").slice(0, 80),
              gtin: (cell?.gtin ?? "").slice(0, 20),
            },
          ];
        }),
      ),
    ),
    // Files not stored cannot be shown again: only stored images and uploads stay in the list.
    images: list.flatMap((image) => {
      const ref = parseImageRef(image.ref);
      return ref?.kind === "key" || ref?.kind === "upload"
        ? [
            {
              ref: image.ref,
              alt: image.alt.slice(0, 200),
              url: `${ctx.config.imagesBaseUrl}/${ref.key}`,
              colour: shape.colours.includes(image.colour)
                ? image.colour
                : (shape.colours[0] ?? ""),
            },
          ]
        : [];
    }),
  });
  const refuse = (
    status: number,
    fieldErrors: Record<string, string>,
    formError?: string,
  ): ProductFormResult => ({
    outcome: "refused",
    status,
    draft: draftOf(images),
    fieldErrors,
    ...(formError ? { formError } : {}),
  });

  // Only real raster images, whatever their name or declared type.
  for (const file of files) {
    try {
      checkProductImage(file.bytes, file.name);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return refuse(400, { images: error.message });
    }
  }
  // Stored images: this product's own; uploads: keys this server presigned for this product.
  const own = new Set(
    [...(product?.images ?? []), ...(product?.failedImages ?? [])].map((image) => image.key),
  );
  for (const image of images) {
    const ref = parseImageRef(image.ref);
    if (
      (ref?.kind === "key" && !own.has(ref.key)) ||
      (ref?.kind === "upload" && !uploadIssuedFor(ctx, id, ref))
    ) {
      return refuse(400, { images: UNKNOWN_IMAGE });
    }
  }
  // An upload counts once S3 has it, within the limit and of the type its key says; a wrong one
  // is deleted (photo-uploads.server.ts).
  const uploads = images.flatMap((image) => {
    const ref = parseImageRef(image.ref);
    return ref?.kind === "upload" ? [ref.key] : [];
  });
  const checks = await Promise.all(
    uploads.map((key) =>
      checkUploadedPhoto(ctx, key).then(
        () => null,
        (error: unknown) => error,
      ),
    ),
  );
  const failed = checks.find((error) => error !== null);
  if (failed !== undefined) {
    if (!isDomainError(failed)) throw failed;
    return refuse(failed.status, { images: failed.message });
  }

  const operation = parseFormOperation(form.get("intent"));
  if (operation) {
    if (images.length > MAX_IMAGES) return refuse(400, { images: TOO_MANY_IMAGES });
    const stored = await storeNewImages(ctx, id, images, files);
    if (operation.on === "image") {
      return { outcome: "changed", draft: draftOf(applyImageOperation(stored, operation)) };
    }
    if (operation.on === "scale") {
      // The sizes follow the scale chosen (none of another scale's sizes is on it).
      const scale = isSizeScaleId(sizeScale) ? sizeScale : DEFAULT_SIZE_SCALE;
      const shape = { colours: typedColours, sizeScale: scale, sizes: sortSizes(scale, sizes) };
      return { outcome: "changed", draft: draftOf(stored, shape) };
    }
    let colours = typedColours;
    if (operation.on === "colour") colours = applyImageOperation(colours, operation);
    else {
      const added = form.get("newColour");
      if (!colourOf(typeof added === "string" ? added : undefined)) {
        return refuse(400, { newColour: COLOUR_UNKNOWN });
      }
      if (colours.includes(added as string)) {
        return refuse(400, { newColour: colourTwice(colourOf(added as string)?.name ?? "") });
      }
      if (colours.length >= MAX_COLOURS) return refuse(400, { newColour: TOO_MANY_COLOURS });
      colours = [...colours, added as string];
    }
    // A removed colourway's photos go to the first one left.
    return { outcome: "changed", draft: draftOf(stored, { colours, sizeScale, sizes }) };
  }
  if (form.get("intent") !== "save") return refuse(400, {}, UNKNOWN_ACTION);

  const parsed = parseForm(ProductFormSchema, { ...input, slug, images });
  if (!parsed.success) return refuse(400, parsed.fieldErrors, parsed.formError);
  const stored = await storeNewImages(ctx, id, images, files);
  // Only the files this request stored are taken back if the save is refused: the page still
  // holds the photos it uploaded, and sends them again with the corrected form.
  const uploadedKeys = stored.flatMap((image, i) =>
    images[i]?.ref.startsWith("new:") ? [keyOf(image.ref)] : [],
  );
  const fields = parsed.data;
  const newProduct = {
    name: fields.name,
    slug: fields.slug,
    category: fields.category,
    ...(fields.productType ? { productType: fields.productType } : {}),
    priceCents: fields.price,
    ...(fields.markdown ? { markdown: fields.markdown } : {}),
    description: fields.description,
    sizeScale: fields.sizeScale,
    sizes: fields.sizes,
    colours: fields.colours,
    images: stored.map((image, i) => ({
      key: keyOf(image.ref),
      alt: image.alt.trim() || fields.name,
      colour: fields.images[i]?.colour ?? (fields.colours[0] as string),
    })),
    variants: fields.variants,
  };
  try {
    if (product) {
      const { product: saved, removedImageKeys } = await updateProduct(ctx, product.id, newProduct);
      await deleteProductImages(ctx, removedImageKeys);
      // What was typed, on top of whatever sold since the form was shown (never undone).
      // Counts are kept per variant, under its key (docs/product.md §9 "Stock").
      await saveStock(
        ctx,
        product.id,
        saved.variants.map(({ key }) => ({
          key,
          shown: fields.shown[key] ?? 0,
          typed: fields.stock[key] ?? 0,
        })),
      );
      return { outcome: "saved", product: saved, created: false };
    }
    return {
      outcome: "saved",
      product: await createProduct(ctx, { ...newProduct, stock: fields.stock }, { id }),
      created: true,
    };
  } catch (error) {
    // Nothing is kept of a refused change: not even the files it uploaded.
    await deleteProductImages(ctx, uploadedKeys);
    if (!(error instanceof DomainError)) throw error;
    return error.field
      ? refuse(error.status, { [formFieldOf(error.field)]: error.message })
      : refuse(error.status, {}, error.message);
  }
}

/**
 * The form's field a refusal of the catalogue names: a variant's SKU ("variants.navy/M.sku", a
 * SKU another product holds) is its cell (variantField); any other field as it is.
 */
export function formFieldOf(field: string): string {
  const match = /^variants\.(.+)\.(sku|gtin)$/.exec(field);
  const variant = match ? parseVariantKey(match[1] as string) : undefined;
  return match && variant
    ? variantField(match[2] as "sku" | "gtin", variant.colour, variant.size)
    : field;
}

/** The stored key an image's reference names (a stored image's or an upload's). */
function keyOf(text: string): string {
  const ref = parseImageRef(text);
  if (ref?.kind === "new" || !ref) throw new Error(`not a stored image: ${text}`);
  return ref.key;
}

/** The list with each new file stored in the product's folder (as an upload of this server's). */
function storeNewImages(
  ctx: Context,
  productId: string,
  images: readonly ImageEntry[],
  files: readonly UploadedFile[],
): Promise<ImageEntry[]> {
  return Promise.all(
    images.map(async (image) => {
      const ref = parseImageRef(image.ref);
      const file = ref?.kind === "new" ? files[ref.index] : undefined;
      if (!file) return image;
      const key = await putProductImage(ctx, productId, file.bytes, file.name);
      return { ...image, ref: uploadRef(ctx, key) };
    }),
  );
}
