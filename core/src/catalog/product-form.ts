// The admin's product form (create and edit), one schema for the browser and the server:
// name, slug, category, price in euro (at most 2 decimals, stored in cents), description, at
// least one size among S–XXL, and 1 to 10 images in order, each an image already stored (its
// key), a photo the browser uploaded to the images bucket (its key with the server's token:
// docs/decisions/031-direct-photo-uploads.md) or a file sent with this submission (its position
// among the files), with alt text.
import * as v from "valibot";
import { choiceField, requiredText } from "../common/fields.ts";
import { CATEGORIES } from "./categories.ts";
import { MAX_IMAGES } from "./photos.ts";
import { SIZE_TAGS, type SizeTag } from "./sizes.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug.ts";

export const PRODUCT_NAME_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const ALT_MAX_LENGTH = 200;
export const PRICE_MAX_CENTS = 9_999_999;

export const PRICE_REQUIRED = "Price is required";
export const PRICE_FORMAT = "Enter the price in euro with at most 2 decimals, e.g. 49.99";
export const PRICE_POSITIVE = "Price must be more than 0 €";
export const PRICE_TOO_HIGH = "Price must be at most 99999.99 €";
export const SLUG_FORMAT = "Slug must be lower-case letters and digits joined by single dashes";
export const SIZES_REQUIRED = "Choose at least one size";
export const SIZES_UNKNOWN = "Choose sizes among S, M, L, XL and XXL";
export const IMAGES_REQUIRED = "Add at least one image";
export const TOO_MANY_IMAGES = `A product has at most ${MAX_IMAGES} images`;
export const BAD_IMAGE_REF = "Unknown image";
export const CATEGORY_REQUIRED = "Choose a category";

/**
 * Euro as typed ("49.99", "49,9", "49", "€ 1 299.00") → integer cents, or null when it is not a
 * price with at most 2 decimals. Parsed as text, so 0.29 is 29 cents exactly.
 */
export function parseEuroToCents(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s€]/g, ""));
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the form shows them: 4999 → "49.99". */
export function centsToEuroInput(cents: number): string {
  return (cents / 100).toFixed(2);
}

const priceField = v.pipe(
  v.nullish(v.string(PRICE_FORMAT), ""),
  v.trim(),
  v.nonEmpty(PRICE_REQUIRED),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const cents = parseEuroToCents(dataset.value);
    if (cents === null) {
      addIssue({ message: PRICE_FORMAT });
      return NEVER;
    }
    return cents;
  }),
  v.minValue(1, PRICE_POSITIVE),
  v.maxValue(PRICE_MAX_CENTS, PRICE_TOO_HIGH),
);

const slugField = v.pipe(
  v.nullish(v.string(SLUG_FORMAT), ""),
  v.trim(),
  v.nonEmpty("Slug is required"),
  v.maxLength(SLUG_MAX_LENGTH, `Slug must be at most ${SLUG_MAX_LENGTH} characters`),
  v.regex(SLUG_PATTERN, SLUG_FORMAT),
);

const sizesField = v.pipe(
  v.nullish(v.array(v.string(SIZES_UNKNOWN), SIZES_UNKNOWN), []),
  v.maxLength(20, SIZES_UNKNOWN),
  v.everyItem((tag) => (SIZE_TAGS as readonly string[]).includes(tag), SIZES_UNKNOWN),
  v.nonEmpty(SIZES_REQUIRED),
  // Each size once, in the shop's order (S, M, L, XL, XXL).
  v.transform((tags) => SIZE_TAGS.filter((tag) => tags.includes(tag)) as SizeTag[]),
);

/**
 * An image of the form: "key:products/…" (one of the product's stored images),
 * "upload:products/…:<token>" (a photo the browser sent to the bucket, with the token the server
 * gave when it presigned that key) or "new:<n>" (the n-th file sent with the form).
 */
export type ImageRef =
  | { kind: "key"; key: string }
  | { kind: "upload"; key: string; token: string }
  | { kind: "new"; index: number };

/** Object keys the shop may write: under products/, no empty or dot segments. */
const IMAGE_KEY = /^products\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const isImageKey = (key: string) => key.length <= 300 && IMAGE_KEY.test(key) && !key.includes("..");
/** The server's token for an upload's key (base64url of an HMAC-SHA256). */
const UPLOAD_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function parseImageRef(text: string): ImageRef | null {
  if (text.startsWith("key:")) {
    const key = text.slice(4);
    return isImageKey(key) ? { kind: "key", key } : null;
  }
  if (text.startsWith("upload:")) {
    const rest = text.slice("upload:".length);
    const colon = rest.lastIndexOf(":");
    const key = rest.slice(0, colon);
    const token = rest.slice(colon + 1);
    return colon > 0 && isImageKey(key) && UPLOAD_TOKEN.test(token)
      ? { kind: "upload", key, token }
      : null;
  }
  const match = /^new:(\d{1,2})$/.exec(text);
  return match ? { kind: "new", index: Number(match[1]) } : null;
}

export const imageRefText = (ref: ImageRef) =>
  ref.kind === "key"
    ? `key:${ref.key}`
    : ref.kind === "upload"
      ? `upload:${ref.key}:${ref.token}`
      : `new:${ref.index}`;

const imageField = v.object({
  ref: v.pipe(
    v.string(BAD_IMAGE_REF),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const ref = parseImageRef(dataset.value);
      if (!ref) {
        addIssue({ message: BAD_IMAGE_REF });
        return NEVER;
      }
      return ref;
    }),
  ),
  alt: v.pipe(
    v.nullish(v.string("Alt text must be text"), ""),
    v.trim(),
    v.maxLength(ALT_MAX_LENGTH, `Alt text must be at most ${ALT_MAX_LENGTH} characters`),
  ),
});

const imagesField = v.pipe(
  v.nullish(v.array(imageField, BAD_IMAGE_REF), []),
  v.nonEmpty(IMAGES_REQUIRED),
  v.maxLength(MAX_IMAGES, TOO_MANY_IMAGES),
  v.check(
    (images) => new Set(images.map((image) => imageRefText(image.ref))).size === images.length,
    "Each image may appear once",
  ),
);

export const ProductFormSchema = v.object({
  name: requiredText("Name", { max: PRODUCT_NAME_MAX_LENGTH }),
  slug: slugField,
  category: choiceField(CATEGORIES, CATEGORY_REQUIRED),
  price: priceField,
  description: requiredText("Description", { max: DESCRIPTION_MAX_LENGTH }),
  sizes: sizesField,
  images: imagesField,
});

export type ProductForm = v.InferOutput<typeof ProductFormSchema>;

/** The product form as shown: what was stored or submitted, as text (prices as typed). */
export interface ProductDraft {
  /** The product's id (for a new product, the one it will get: its images' folder). */
  id: string;
  name: string;
  slug: string;
  category: string;
  price: string;
  description: string;
  sizes: readonly string[];
  /** Units per size as typed (or stored), and as the form was first shown (stockShown). */
  stock: Readonly<Record<string, string>>;
  stockShown: Readonly<Record<string, number>>;
  /** `failed`: the processing could not decode this file (never shown in the shop). */
  images: ReadonlyArray<{ ref: string; alt: string; url: string; failed?: boolean }>;
}

/** The most units a size can be given in the form. */
export const STOCK_MAX = 99_999;
export const STOCK_FORMAT = `Enter a whole number of units from 0 to ${STOCK_MAX}`;

/** The form's field holding a size's units ("stock-M"), and the units it showed ("stockShown-M"). */
export const stockField = (size: string) => `stock-${size}`;
export const stockShownField = (size: string) => `stockShown-${size}`;

/**
 * The units typed for each offered size: a size without its field (chosen without JavaScript)
 * gets 0; anything but a whole number from 0 to STOCK_MAX is an error on its field.
 */
export function parseStockFields(
  form: FormData,
  sizes: readonly string[],
): {
  counts: Record<string, number>;
  shown: Record<string, number>;
  errors: Record<string, string>;
} {
  const counts: Record<string, number> = {};
  const shown: Record<string, number> = {};
  const errors: Record<string, string> = {};
  for (const size of sizes) {
    const typed = form.get(stockField(size));
    const text = typeof typed === "string" ? typed.trim() : "0";
    if (!/^\d{1,5}$/.test(text)) errors[stockField(size)] = STOCK_FORMAT;
    else counts[size] = Number(text);
    const before = form.get(stockShownField(size));
    shown[size] = typeof before === "string" && /^\d{1,5}$/.test(before) ? Number(before) : 0;
  }
  return { counts, shown, errors };
}

/** How many image entries a form may carry before the rest is ignored (hostile input). */
const MAX_IMAGE_ENTRIES = 50;

/**
 * The submitted form as the schema's input: repeated fields ("sizes", and "imageRef" with its
 * "imageAlt", in document order, so the order on screen is the images' order) become arrays.
 * Files are left out (the server reads them itself). Takes the FormData, or the form as an
 * object of its fields (a field sent once a string, sent more than once an array of them), as
 * the browser's form library has it.
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
    all(name).filter((value): value is string => typeof value === "string");
  const alts = texts("imageAlt");
  return {
    name: text("name"),
    slug: text("slug"),
    category: text("category"),
    price: text("price"),
    description: text("description"),
    sizes: texts("sizes").slice(0, MAX_IMAGE_ENTRIES),
    images: texts("imageRef")
      .slice(0, MAX_IMAGE_ENTRIES)
      .map((ref, i) => ({ ref, alt: alts[i] ?? "" })),
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
    price: v.optional(v.unknown()),
    description: v.optional(v.unknown()),
    sizes: v.optional(v.unknown()),
    imageRef: v.optional(v.unknown()),
    imageAlt: v.optional(v.unknown()),
  }),
  v.transform((fields: Readonly<Record<string, unknown>>) => productFormInput(fields)),
  ProductFormSchema,
);

/** Moves, removes: what the image buttons do (with JavaScript in the page, without it on the server). */
export type ImageOperation = { op: "up" | "down" | "remove"; index: number };

/** "image-up:2" → move the third image up; anything else → null. */
export function parseImageOperation(intent: unknown): ImageOperation | null {
  if (typeof intent !== "string") return null;
  const match = /^image-(up|down|remove):(\d{1,2})$/.exec(intent);
  if (!match) return null;
  return { op: match[1] as ImageOperation["op"], index: Number(match[2]) };
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
