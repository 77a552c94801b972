import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import {
  CATEGORIES,
  draftVariant,
  IMAGE_ACCEPT,
  isSizeScaleId,
  type ProductDraft,
  ProductFormFieldsSchema,
  SIZE_SCALE_IDS,
  SIZE_SCALES,
  SUGGESTED_PRODUCT_TYPES,
  slugify,
} from "@shop/core/catalog";
import { useEffect, useState } from "react";
import { type FormReply, useSchemaForm } from "../../lib/forms";
import { primaryButtonClass, secondaryButtonClass } from "../AuthField";
import { Field, type FieldMeta, inputClass } from "../Field";
import { type ColourwayEntry, ColourwaysField, colourName } from "./ColourwaysField";
import { ProductImagesField } from "./ProductImagesField";
import { type CellEntry, cellKey, VariantGrid } from "./VariantGrid";

/** The draft's colourways with the page's own ids (a colour sent twice is two entries). */
function colourwaysOf(draft: ProductDraft): ColourwayEntry[] {
  return draft.colours.map((colour, i) => ({ id: `colourway-${i}`, colour }));
}

/** The draft's cells by the page's keys (cellKey), as stored or typed. */
function cellsOf(draft: ProductDraft, colourways: readonly ColourwayEntry[]) {
  const cells: Record<string, CellEntry> = {};
  for (const { id, colour } of colourways) {
    for (const size of draft.sizes) {
      const stored = draftVariant(draft, colour, size);
      if (stored) {
        cells[cellKey(id, size)] = {
          stock: stored.stock,
          gtin: stored.gtin,
          ...(stored.sku ? { sku: stored.sku } : {}),
        };
      }
    }
  }
  return cells;
}

/**
 * The product form (create and edit). The slug follows the name until the admin edits it. The
 * same schema as the server checks the form before it is sent; the server's errors show on the
 * field they name. The values shown are the draft's (what is stored, or what the server has
 * after an image operation sent without JavaScript).
 */
export function ProductForm({
  mode,
  draft,
  lastResult,
}: {
  mode: "create" | "update";
  draft: ProductDraft;
  lastResult: FormReply | undefined;
}) {
  const navigation = useNavigation();
  // While photos are on their way to the bucket, the form waits for them.
  const [uploading, setUploading] = useState(false);
  const busy = navigation.state === "submitting" || uploading;
  const [name, setName] = useState(draft.name);
  const [slug, setSlug] = useState(draft.slug);
  // A new product's slug follows its name until the admin types one.
  const [slugEdited, setSlugEdited] = useState(mode === "update" || draft.slug !== "");
  const [form, fields] = useSchemaForm(ProductFormFieldsSchema, { id: "product", lastResult });
  const sizesError = fields.sizes.errors?.[0];
  // The colourways, the scale, the sizes and the grid's cells are the page's state: adding,
  // removing, moving or renaming a colour loses nothing typed (without JavaScript the server
  // answers those buttons with the form as it then stands).
  const [colourways, setColourways] = useState(() => colourwaysOf(draft));
  const [cells, setCells] = useState(() => cellsOf(draft, colourwaysOf(draft)));
  const [scale, setScale] = useState(
    isSizeScaleId(draft.sizeScale) ? draft.sizeScale : SIZE_SCALE_IDS[0],
  );
  // One row per offered size in the grid, following the boxes as they are ticked.
  const [offered, setOffered] = useState<readonly string[]>(draft.sizes);
  const [announcement, setAnnouncement] = useState("");
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  // The cells' fields are named by colour and size: the schema checks them, and Conform gives
  // each the error of its name (the browser's, or the server's).
  const errorOf = (name: string) =>
    (fields as unknown as Record<string, FieldMeta | undefined>)[name]?.errors?.[0];
  const scaleSizes = SIZE_SCALES[scale].sizes;

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={mode === "update" ? "Edit product" : "New product"}
      className="mt-6 grid max-w-3xl gap-6"
    >
      {/* Enter in a field saves (the first submit button of a form is its default). */}
      <button
        type="submit"
        name="intent"
        value="save"
        disabled={busy}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
      />
      <input type="hidden" name="draftId" value={draft.id} />
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          meta={fields.name}
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (!slugEdited) setSlug(slugify(event.target.value));
          }}
          maxLength={120}
        />
        <Field
          meta={fields.slug}
          label="Slug"
          description={slugEdited ? undefined : "Made from the name; edit it to choose your own."}
          value={slug}
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugEdited(true);
          }}
          maxLength={100}
          spellCheck={false}
          autoCapitalize="none"
          required={false}
          controlClassName={`${inputClass} font-mono`}
        />
        <Field meta={fields.category} label="Category" as="select" defaultValue={draft.category}>
          <option value="">Choose…</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Field>
        <Field
          meta={fields.productType}
          label="Product type"
          description="Plural, lower-case, e.g. dresses: what a promotion may target. Optional."
          defaultValue={draft.productType}
          list="product-types"
          maxLength={40}
          spellCheck={false}
          autoCapitalize="none"
          required={false}
        />
        <datalist id="product-types">
          {SUGGESTED_PRODUCT_TYPES.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <Field
          meta={fields.price}
          label="Price (€)"
          defaultValue={draft.price}
          inputMode="decimal"
          placeholder="49.99"
        />
      </div>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-stone-800">
          Sale (optional: the regular price shows struck through)
        </legend>
        <Field
          meta={fields.salePrice}
          label="Sale price (€)"
          defaultValue={draft.salePrice ?? ""}
          inputMode="decimal"
          placeholder="39.99"
          required={false}
        />
        <Field
          meta={fields.saleStartsAt}
          label="Sale starts"
          description="First day (shop's time zone); empty: now"
          type="date"
          defaultValue={draft.saleStartsAt ?? ""}
          required={false}
        />
        <Field
          meta={fields.saleEndsAt}
          label="Sale ends"
          description="Last day; empty: until removed"
          type="date"
          defaultValue={draft.saleEndsAt ?? ""}
          required={false}
        />
      </fieldset>

      <Field
        meta={fields.description}
        label="Description"
        as="textarea"
        defaultValue={draft.description}
        rows={5}
        maxLength={2000}
      />

      <ColourwaysField
        colourways={colourways}
        error={errorOf("colours")}
        addError={errorOf("newColour")}
        onChange={(next, said) => {
          setColourways(next);
          setAnnouncement(said);
        }}
      />

      <div className="grid gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grow sm:max-w-sm">
            <label htmlFor="sizeScale" className="block text-sm font-medium text-stone-800">
              Size scale
            </label>
            <select
              id="sizeScale"
              name="sizeScale"
              value={scale}
              aria-invalid={errorOf("sizeScale") ? true : undefined}
              aria-describedby={errorOf("sizeScale") ? "sizeScale-error" : undefined}
              onChange={(event) => {
                const next = event.target.value;
                if (!isSizeScaleId(next)) return;
                setScale(next);
                // No size of one scale is on another: the boxes start again.
                setOffered([]);
                setAnnouncement(`Sizes of ${SIZE_SCALES[next].name}`);
              }}
              className={inputClass}
            >
              {SIZE_SCALE_IDS.map((id) => (
                <option key={id} value={id}>
                  {SIZE_SCALES[id].name}
                </option>
              ))}
            </select>
          </div>
          {/* Without JavaScript the boxes below are the scale's the form was shown with. */}
          {scripted ? null : (
            <button
              type="submit"
              name="intent"
              value="scale"
              className="min-h-10 rounded-md border border-stone-300 px-3 text-sm font-medium text-stone-800 hover:bg-stone-50"
            >
              Show sizes
            </button>
          )}
          {errorOf("sizeScale") ? (
            <p id="sizeScale-error" className="w-full text-sm text-red-700">
              {errorOf("sizeScale")}
            </p>
          ) : null}
        </div>

        <fieldset aria-describedby={sizesError ? fields.sizes.errorId : undefined}>
          <legend className="text-sm font-medium text-stone-800">Sizes</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {scaleSizes.map((size) => (
              <label
                key={size.tag}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-stone-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600"
              >
                <input
                  type="checkbox"
                  name="sizes"
                  value={size.tag}
                  checked={offered.includes(size.tag)}
                  onChange={(event) =>
                    setOffered((now) =>
                      scaleSizes
                        .map((s) => s.tag)
                        .filter((tag) =>
                          tag === size.tag ? event.target.checked : now.includes(tag),
                        ),
                    )
                  }
                  className="size-4 accent-stone-900"
                />
                <span>
                  {size.label}
                  {size.label !== size.name ? (
                    <span className="text-stone-500"> ({size.name})</span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
          {sizesError ? (
            <p id={fields.sizes.errorId} className="mt-1 text-sm text-red-700">
              {sizesError}
            </p>
          ) : null}
        </fieldset>
      </div>

      <VariantGrid
        colourways={colourways}
        sizes={offered}
        slug={slug}
        cells={cells}
        shown={(colour, size) => draftVariant(draft, colour, size)?.shown ?? 0}
        errorOf={errorOf}
        onCell={(key, cell) => setCells((now) => ({ ...now, [key]: cell }))}
      />

      <ProductImagesField
        images={draft.images.map((image) => ({
          ...image,
          colourway: colourwaysOf(draft).find((entry) => entry.colour === image.colour)?.id ?? "",
        }))}
        colourways={colourways.map((entry) => ({ id: entry.id, name: colourName(entry.colour) }))}
        productId={draft.id}
        productName={name}
        onUploading={setUploading}
        error={form.allErrors.images?.[0]}
        accept={IMAGE_ACCEPT}
      />

      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={busy}
          aria-busy={busy}
          className={primaryButtonClass}
        >
          {mode === "update" ? "Update" : "Create"}
        </button>
        <Link to="/admin/list-products" className={secondaryButtonClass}>
          Cancel
        </Link>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </Form>
  );
}
