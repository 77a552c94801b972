import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import {
  CATEGORIES,
  IMAGE_ACCEPT,
  type ProductDraft,
  ProductFormFieldsSchema,
  SIZES,
  STOCK_MAX,
  slugify,
  stockField,
  stockShownField,
} from "@shop/core/catalog";
import { useState } from "react";
import { type FormReply, useSchemaForm } from "../../lib/forms";
import { primaryButtonClass, secondaryButtonClass } from "../AuthField";
import { Field, type FieldMeta, inputClass } from "../Field";
import { ProductImagesField } from "./ProductImagesField";

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
  // One "Stock {size}" field per offered size, following the boxes as they are ticked.
  const [offered, setOffered] = useState<readonly string[]>(draft.sizes);
  // The stock fields are not in the browser's schema (their names depend on the sizes): only
  // the server checks them; Conform still gives each its id and the server's error.
  const stockMeta = (size: string) =>
    (fields as unknown as Record<string, FieldMeta>)[stockField(size)] as FieldMeta;

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
          meta={fields.price}
          label="Price (€)"
          defaultValue={draft.price}
          inputMode="decimal"
          placeholder="49.99"
        />
      </div>

      <Field
        meta={fields.description}
        label="Description"
        as="textarea"
        defaultValue={draft.description}
        rows={5}
        maxLength={2000}
      />

      <fieldset aria-describedby={sizesError ? fields.sizes.errorId : undefined}>
        <legend className="text-sm font-medium text-stone-800">Sizes</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {SIZES.map((size) => (
            <label
              key={size.tag}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-stone-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600"
            >
              <input
                type="checkbox"
                name="sizes"
                value={size.tag}
                defaultChecked={draft.sizes.includes(size.tag)}
                onChange={(event) =>
                  setOffered((now) =>
                    SIZES.map((s) => s.tag).filter((tag) =>
                      tag === size.tag ? event.target.checked : now.includes(tag),
                    ),
                  )
                }
                className="size-4 accent-stone-900"
              />
              <span>
                {size.tag} <span className="text-stone-500">({size.name})</span>
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

      {offered.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">Stock</legend>
          <p className="mt-1 text-xs text-stone-500">
            Units on hand per size. Sales made while you edit are kept: the change you type is
            applied to the count as it is when you save.
          </p>
          <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-5">
            {offered.map((size) => (
              <div key={size}>
                <Field
                  meta={stockMeta(size)}
                  label={`Stock ${size}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={STOCK_MAX}
                  step={1}
                  defaultValue={draft.stock[size] ?? "0"}
                />
                <input
                  type="hidden"
                  name={stockShownField(size)}
                  value={draft.stockShown[size] ?? 0}
                />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}

      <ProductImagesField
        images={draft.images}
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
    </Form>
  );
}
