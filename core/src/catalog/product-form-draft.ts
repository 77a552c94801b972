// The admin's product form as shown and as sent (docs/product.md §10 "Products"): the draft the
// page shows (what was stored or typed, as text), the submitted fields read into the schema's
// input (./product-form.ts `ProductFormSchema`), and the buttons that change the form without
// saving it (move or remove a photo or a colourway, add a colour, change the size scale).
import * as v from "valibot";
import type { StockCounts } from "../inventory/stock.ts";
import {
  centsToEuroInput,
  imageRefText,
  ProductFormSchema,
  type VariantCell,
  type VariantInput,
  variantField,
} from "./product-form.ts";
import type { Product } from "./products.server.ts";
import { DEFAULT_SIZE_SCALE } from "./sizes.ts";
import { variantKey } from "./variants.ts";

/** One variant's cells as the form shows them (what was stored, or typed). */
export interface VariantDraft {
  /** Units as typed (or stored). */
  stock: string;
  /** The units the form showed when it was first shown (a save keeps sales made meanwhile). */
  shown: number;
  /** Empty: the suggested SKU (it follows the slug). */
  sku: string;
  gtin: string;
}

/** The product form as shown: what was stored or submitted, as text (prices as typed). */
export interface ProductDraft {
  /** The product's id (for a new product, the one it will get: its images' folder). */
  id: string;
  name: string;
  slug: string;
  category: string;
  productType: string;
  price: string;
  description: string;
  sizeScale: string;
  sizes: readonly string[];
  /** Palette ids, in order (as typed: may hold a bad one the form refused). */
  colours: readonly string[];
  /** By variant key ("navy/M"). */
  variants: Readonly<Record<string, VariantDraft>>;
  /** `failed`: the processing could not decode this file (never shown in the shop). */
  images: ReadonlyArray<{
    ref: string;
    alt: string;
    url: string;
    colour: string;
    failed?: boolean;
  }>;
  /** The sale's fields as typed (euros, YYYY-MM-DD); absent: none. */
  salePrice?: string;
  saleStartsAt?: string;
  saleEndsAt?: string;
}

/** The draft's cells of one variant, if it has them. */
export function draftVariant(
  draft: Pick<ProductDraft, "variants">,
  colour: string,
  size: string,
): VariantDraft | undefined {
  return draft.variants[variantKey(colour, size)];
}

/** The form of a stored product (with its units per variant), or of a new one with this id. */
export function productDraft(
  product: Product | null,
  newId: string,
  stock: StockCounts = {},
): ProductDraft {
  if (!product) {
    return {
      id: newId,
      name: "",
      slug: "",
      category: "",
      productType: "",
      price: "",
      description: "",
      sizeScale: DEFAULT_SIZE_SCALE,
      sizes: [],
      colours: [],
      variants: {},
      images: [],
    };
  }
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    category: product.category,
    productType: product.productType ?? "",
    price: centsToEuroInput(product.priceCents),
    ...saleDraft(product),
    description: product.description,
    sizeScale: product.sizeScale,
    sizes: product.sizes,
    colours: product.colourways.map((colourway) => colourway.colour.id),
    variants: Object.fromEntries(
      product.variants.map((variant) => {
        const units = Math.max(0, stock[variant.key] ?? 0);
        return [
          variant.key,
          { stock: String(units), shown: units, sku: variant.sku, gtin: variant.gtin ?? "" },
        ];
      }),
    ),
    // Images that could not be processed come last, flagged: the admin removes or replaces them.
    images: [
      ...product.images.map((image) => ({ image, failed: false })),
      ...product.failedImages.map((image) => ({ image, failed: true })),
    ].map(({ image, failed }) => ({
      ref: imageRefText({ kind: "key", key: image.key }),
      alt: image.alt,
      url: image.url,
      colour: image.colour,
      ...(failed ? { failed } : {}),
    })),
  };
}

/** The sale's fields of a stored product (empty when it has none). */
function saleDraft({ markdown }: Product) {
  return {
    salePrice: markdown ? centsToEuroInput(markdown.saleCents) : "",
    saleStartsAt: markdown?.startsAt?.slice(0, 10) ?? "",
    saleEndsAt: markdown?.endsAt?.slice(0, 10) ?? "",
  };
}

/** How many entries of a list a form may carry before the rest is ignored (hostile input). */
const MAX_LIST_ENTRIES = 50;

/**
 * The submitted form as the schema's input: repeated fields ("sizes", "colours", and "imageRef"
 * with its "imageAlt" and "imageColour", in document order, so the order on screen is the
 * images' order) become arrays; a photo's colour is sent as its colourway's position among
 * "colours" (so renaming or moving a colourway without JavaScript keeps its photos), or as a
 * palette id; each variant's cells are read by their names (variantField). Files are left out
 * (the server reads them itself). Takes the FormData, or the form as an object of its fields (a
 * field sent once a string, sent more than once an array of them), as the browser's form library
 * has it.
 */
export function productFormInput(
  form: FormData | Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const all = (name: string): unknown[] => {
    if (form instanceof FormData) return form.getAll(name);
    const value = form[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  const text = (name: string) => {
    const value = all(name)[0];
    return typeof value === "string" ? value : undefined;
  };
  const texts = (name: string) =>
    all(name)
      .filter((value): value is string => typeof value === "string")
      .slice(0, MAX_LIST_ENTRIES);
  const sizes = texts("sizes");
  const colours = texts("colours");
  const alts = texts("imageAlt");
  const imageColours = texts("imageColour");
  const colourAt = (value: string | undefined) =>
    value !== undefined && /^\d{1,2}$/.test(value) ? (colours[Number(value)] ?? "") : (value ?? "");
  // Cells only for plausible colours and sizes (the schema names what is wrong with them).
  const plain = (value: string) => /^[a-z0-9-]{1,40}$/i.test(value);
  const variants: VariantInput[] = colours.filter(plain).flatMap((colour) =>
    sizes.filter(plain).map((size) => {
      const cell = (kind: VariantCell) => text(variantField(kind, colour, size));
      const found = {
        stock: cell("stock"),
        shown: cell("shown"),
        sku: cell("sku"),
        gtin: cell("gtin"),
      };
      return {
        colour,
        size,
        ...Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined)),
      };
    }),
  );
  return {
    name: text("name"),
    slug: text("slug"),
    category: text("category"),
    productType: text("productType"),
    price: text("price"),
    description: text("description"),
    sizeScale: text("sizeScale"),
    salePrice: text("salePrice"),
    saleStartsAt: text("saleStartsAt"),
    saleEndsAt: text("saleEndsAt"),
    sizes,
    colours,
    images: texts("imageRef").map((ref, i) => ({
      ref,
      alt: alts[i] ?? "",
      colour: colourAt(imageColours[i]),
    })),
    variants,
  };
}

/**
 * The same schema over the form as sent (its fields by their names in the page), for the
 * browser's check of the whole form: ProductFormSchema after productFormInput.
 */
export const ProductFormFieldsSchema = v.pipe(
  v.looseObject({
    name: v.optional(v.unknown()),
    slug: v.optional(v.unknown()),
    category: v.optional(v.unknown()),
    productType: v.optional(v.unknown()),
    price: v.optional(v.unknown()),
    description: v.optional(v.unknown()),
    sizeScale: v.optional(v.unknown()),
    sizes: v.optional(v.unknown()),
    colours: v.optional(v.unknown()),
    newColour: v.optional(v.unknown()),
    imageRef: v.optional(v.unknown()),
    imageAlt: v.optional(v.unknown()),
    imageColour: v.optional(v.unknown()),
    salePrice: v.optional(v.unknown()),
    saleStartsAt: v.optional(v.unknown()),
    saleEndsAt: v.optional(v.unknown()),
  }),
  v.transform((fields: Readonly<Record<string, unknown>>) => productFormInput(fields)),
  ProductFormSchema,
);

/**
 * What a button of the form does besides saving (with JavaScript in the page, without it on the
 * server, which answers with the form as it then stands): move or remove an image or a colourway,
 * add the colour chosen in "newColour", or show the sizes of the scale chosen.
 */
export type FormOperation =
  | { on: "image" | "colour"; op: "up" | "down" | "remove"; index: number }
  | { on: "colour-add" | "scale" };
export type ImageOperation = { op: "up" | "down" | "remove"; index: number };

/** "image-up:2" → move the third image up; "colour-add"; "scale"; anything else → null. */
export function parseFormOperation(intent: unknown): FormOperation | null {
  if (intent === "colour-add" || intent === "scale") return { on: intent };
  if (typeof intent !== "string") return null;
  const match = /^(image|colour)-(up|down|remove):(\d{1,2})$/.exec(intent);
  if (!match) return null;
  return {
    on: match[1] as "image" | "colour",
    op: match[2] as ImageOperation["op"],
    index: Number(match[3]),
  };
}

/** "image-up:2" → move the third image up; anything else → null. */
export function parseImageOperation(intent: unknown): ImageOperation | null {
  const operation = parseFormOperation(intent);
  return operation?.on === "image" ? { op: operation.op, index: operation.index } : null;
}

/** The list after the operation (a new array; an operation that cannot apply changes nothing). */
export function applyImageOperation<T>(items: readonly T[], { op, index }: ImageOperation): T[] {
  const next = [...items];
  if (index < 0 || index >= next.length) return next;
  if (op === "remove") {
    next.splice(index, 1);
    return next;
  }
  const other = op === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other] as T, next[index] as T];
  return next;
}
