// The admin's product form (create and edit), one schema for the browser and the server
// (docs/product.md §10 "Products"): name, slug, category, product type (optional), price in euro (at most 2 decimals,
// stored in cents), description; the colourways (palette colours, in order, each once, each shown
// by at least one photo); the size scale and the sizes it offers on it; 1 to 10 images in order,
// each of one colourway, each an image already stored (its key), a photo the browser uploaded to
// the images bucket (its key with the server's token: docs/decisions/031-direct-photo-uploads.md)
// or a file sent with this submission (its position among the files), with alt text; and per
// variant (colourway × size, docs/product.md §9 "Colours, sizes and variants") its units, its SKU
// (empty: the suggested one) and its optional barcode (GTIN).
import * as v from "valibot";
import { choiceField, requiredText } from "../common/fields.ts";
import { type Markdown, markdownFormSchema } from "../pricing/markdown.ts";
import { CATEGORIES } from "./categories.ts";
import { MAX_IMAGES } from "./photos.ts";
import { PRODUCT_TYPE_FORMAT, PRODUCT_TYPE_PATTERN } from "./product-type.ts";
import { isSizeScaleId, SIZE_SCALES, type SizeScaleId, type SizeTag, sortSizes } from "./sizes.ts";
import { duplicateSkus, isGtin, normaliseSku, SKU_PATTERN } from "./sku.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug.ts";
import { colourOf, variantKey } from "./variants.ts";

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
export const SIZE_SCALE_REQUIRED = "Choose a size scale";
/** A size not on the product's scale (a form sent by hand, or a scale changed without its sizes). */
export const sizesOutsideScale = (scale: SizeScaleId) =>
  `Choose sizes of the scale “${SIZE_SCALES[scale].name}”`;
/** Each colourway needs a photo: the product page shows a colour by its photos. */
export const MAX_COLOURS = MAX_IMAGES;
export const COLOURS_REQUIRED = "Add at least one colour";
export const COLOUR_UNKNOWN = "Choose each colour from the palette";
export const TOO_MANY_COLOURS = `A product has at most ${MAX_COLOURS} colours`;
export const colourTwice = (name: string) => `${name} is there twice: choose each colour once`;
export const colourWithoutPhoto = (name: string) =>
  `No photo shows ${name}: add one, or remove the colour`;
export const IMAGE_COLOUR_UNKNOWN = "Choose one of the product's colours for each photo";
export const SKU_FORMAT = "A SKU is 1 to 64 upper-case letters, digits and hyphens";
export const SKU_REPEATED = "Another variant of this product has this SKU";
export const GTIN_FORMAT =
  "Enter a barcode (GTIN) of 8, 12, 13 or 14 digits with its check digit, or leave it empty";
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
  /** Checked against the form's colours (ProductFormSchema). */
  colour: v.nullish(v.string(IMAGE_COLOUR_UNKNOWN), ""),
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

const sizeScaleField = v.pipe(
  v.nullish(v.string(SIZE_SCALE_REQUIRED), ""),
  v.check((id: string) => isSizeScaleId(id), SIZE_SCALE_REQUIRED),
);

const textList = (message: string) =>
  v.pipe(v.nullish(v.array(v.string(message), message), []), v.maxLength(50, message));

/** The fields each checked on its own; the rules between them are ProductFormSchema's. */
const FieldsSchema = v.object({
  name: requiredText("Name", { max: PRODUCT_NAME_MAX_LENGTH }),
  slug: slugField,
  category: choiceField(CATEGORIES, CATEGORY_REQUIRED),
  /** Optional: empty gives none (./product-type.ts). */
  productType: v.pipe(
    v.nullish(v.string(PRODUCT_TYPE_FORMAT), ""),
    v.trim(),
    v.check((type) => type === "" || PRODUCT_TYPE_PATTERN.test(type), PRODUCT_TYPE_FORMAT),
  ),
  price: priceField,
  description: requiredText("Description", { max: DESCRIPTION_MAX_LENGTH }),
  sizeScale: sizeScaleField,
  sizes: v.pipe(textList(SIZES_REQUIRED), v.nonEmpty(SIZES_REQUIRED)),
  colours: v.pipe(
    textList(COLOUR_UNKNOWN),
    v.nonEmpty(COLOURS_REQUIRED),
    v.maxLength(MAX_COLOURS, TOO_MANY_COLOURS),
  ),
  images: imagesField,
});

/** One variant's cells as typed (productFormInput reads them by their field names). */
export interface VariantInput {
  colour: string;
  size: string;
  stock?: string;
  shown?: string;
  sku?: string;
  gtin?: string;
}

/** The most units a variant can be given in the form. */
export const STOCK_MAX = 99_999;
export const STOCK_FORMAT = `Enter a whole number of units from 0 to ${STOCK_MAX}`;

/**
 * The form's field of one variant's cell: its units ("stock-navy_M"), the units the form showed
 * ("shown-navy_M"), its SKU ("sku-navy_M") and its barcode ("gtin-navy_M"). Plain names (no dot or
 * slash, web/app/lib/forms.ts): a palette id has no underscore, nor has a size tag.
 */
export type VariantCell = "stock" | "shown" | "sku" | "gtin";
export const variantField = (cell: VariantCell, colour: string, size: string) =>
  `${cell}-${colour}_${size}`;

/** What the form gives a product: its fields, colourways, photos, and each variant's cells. */
export interface ProductFormData {
  name: string;
  slug: string;
  category: (typeof CATEGORIES)[number];
  /** "dresses" (./product-type.ts); absent when left empty. */
  productType?: string;
  /** In cents. */
  price: number;
  description: string;
  sizeScale: SizeScaleId;
  /** On the scale, in its order. */
  sizes: SizeTag[];
  /** Palette ids, in the shop's order. */
  colours: string[];
  images: Array<{ ref: ImageRef; alt: string; colour: string }>;
  /** By variant key ("navy/M"): its SKU (normalised; the suggested one when left empty: absent). */
  variants: Record<string, { sku?: string; gtin?: string }>;
  /** By variant key: the units typed, and those the form showed (docs/product.md §9 "Stock"). */
  stock: Record<string, number>;
  shown: Record<string, number>;
  /** Its sale (fields salePrice, saleStartsAt, saleEndsAt); none when they are empty. */
  markdown?: Markdown;
}

const optionalText = v.optional(v.string());
const VariantInputsSchema = v.array(
  v.object({
    colour: v.string(),
    size: v.string(),
    stock: optionalText,
    shown: optionalText,
    sku: optionalText,
    gtin: optionalText,
  }),
);

type PathItem = v.IssuePathItem;
const at = (input: Record<string, unknown>, key: string): [PathItem] => [
  { type: "object", origin: "value", input, key, value: input[key] },
];
const UNITS = /^\d{1,5}$/;

/**
 * The product form (create and edit). Every field's own rule (FieldsSchema), then the rules
 * between them, each on the field that shows it: sizes on the chosen scale (`sizes`); each colour
 * from the palette (or AS_SHOWN, the single colourway of a product older than colours, kept until
 * its admin chooses a colour), once, and shown by a photo (`colours`); each photo of one of the colours
 * (`images`); and each variant's cells on their own field (variantField): units a whole number
 * from 0 (a cell missing, e.g. a size ticked without JavaScript: 0), a SKU of SKU_PATTERN once in
 * the form (empty: the suggested one), a GTIN with its check digit or nothing. All issues at once.
 */
export const ProductFormSchema = v.pipe(
  v.looseObject({}),
  v.rawTransform(({ dataset, addIssue, NEVER }): ProductFormData => {
    const input = dataset.value as Record<string, unknown>;
    const fields = v.safeParse(FieldsSchema, input);
    let failed = !fields.success;
    const issue = (key: string, message: string) => {
      failed = true;
      addIssue({ message, path: at(input, key) });
    };
    for (const found of fields.issues ?? []) {
      addIssue({ message: found.message, ...(found.path ? { path: found.path } : {}) });
    }

    // Each rule between fields runs once the fields it reads are right, whatever the others.
    const own = <S extends v.GenericSchema>(schema: S, value: unknown) => {
      const parsed = v.safeParse(schema, value);
      return parsed.success ? (parsed.output as v.InferOutput<S>) : undefined;
    };
    const scale = isSizeScaleId(input.sizeScale) ? input.sizeScale : undefined;
    const typedSizes = own(FieldsSchema.entries.sizes, input.sizes) ?? [];
    const sizes = scale ? sortSizes(scale, typedSizes) : [];
    if (scale && typedSizes.some((size) => !sizes.includes(size))) {
      issue("sizes", sizesOutsideScale(scale));
    }
    const colours = own(FieldsSchema.entries.colours, input.colours) ?? [];
    const images = own(FieldsSchema.entries.images, input.images);
    const unknown = colours.find((id) => !colourOf(id));
    const twice = colours.find((id, i) => colours.indexOf(id) !== i);
    if (unknown !== undefined) issue("colours", COLOUR_UNKNOWN);
    else if (twice !== undefined) issue("colours", colourTwice(colourOf(twice)?.name ?? twice));
    if (images && colours.length > 0) {
      const bare = colours.find((id) => !images.some((image) => image.colour === id));
      if (unknown === undefined && twice === undefined && bare !== undefined) {
        issue("colours", colourWithoutPhoto(colourOf(bare)?.name ?? bare));
      }
      if (images.some((image) => !colours.includes(image.colour))) {
        issue("images", IMAGE_COLOUR_UNKNOWN);
      }
    }

    const cells = new Map(
      (own(VariantInputsSchema, input.variants) ?? []).map((cell) => [
        variantKey(cell.colour, cell.size),
        cell,
      ]),
    );
    const variants: ProductFormData["variants"] = {};
    const stock: Record<string, number> = {};
    const shown: Record<string, number> = {};
    const skus: Array<{ sku: string; field: string }> = [];
    for (const colour of colours.filter((id, i) => colourOf(id) && colours.indexOf(id) === i)) {
      for (const size of sizes) {
        const key = variantKey(colour, size);
        const cell = cells.get(key);
        const units = (cell?.stock ?? "0").trim() || "0";
        if (UNITS.test(units)) stock[key] = Number(units);
        else issue(variantField("stock", colour, size), STOCK_FORMAT);
        shown[key] = UNITS.test(cell?.shown ?? "") ? Number(cell?.shown) : 0;
        const sku = normaliseSku(cell?.sku ?? "");
        const gtin = (cell?.gtin ?? "").trim();
        if (sku !== "" && !SKU_PATTERN.test(sku))
          issue(variantField("sku", colour, size), SKU_FORMAT);
        else if (sku !== "") skus.push({ sku, field: variantField("sku", colour, size) });
        if (gtin !== "" && !isGtin(gtin)) issue(variantField("gtin", colour, size), GTIN_FORMAT);
        variants[key] = { ...(sku ? { sku } : {}), ...(gtin ? { gtin } : {}) };
      }
    }
    // Every variant after the first with a SKU is refused on its own field.
    const repeated = new Set(duplicateSkus(skus.map(({ sku }) => sku)));
    const seen = new Set<string>();
    for (const { sku, field } of skus) {
      if (repeated.has(sku) && seen.has(sku)) issue(field, SKU_REPEATED);
      seen.add(sku);
    }

    // The sale's fields, against the regular price once it is right (../pricing/markdown.ts).
    const sale = v.safeParse(
      markdownFormSchema(fields.success ? fields.output.price : PRICE_MAX_CENTS + 1),
      input,
    );
    for (const found of sale.issues ?? []) {
      failed = true;
      addIssue({ message: found.message, ...(found.path ? { path: found.path } : {}) });
    }
    const markdown = sale.success ? sale.output : undefined;

    if (failed || !fields.success || !scale) return NEVER;
    const { sizes: _, productType, ...rest } = fields.output;
    return {
      ...rest,
      ...(productType ? { productType } : {}),
      category: rest.category as ProductFormData["category"],
      sizeScale: scale,
      sizes,
      images: rest.images.map((image) => ({ ...image, colour: image.colour })),
      variants,
      stock,
      shown,
      ...(markdown ? { markdown } : {}),
    };
  }),
);

export type ProductForm = ProductFormData;
