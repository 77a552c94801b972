import { Form, Link, useNavigation } from "@remix-run/react";
import {
  CATEGORIES,
  IMAGE_ACCEPT,
  type ProductDraft,
  ProductFormSchema,
  productFormInput,
  SIZES,
  slugify,
} from "@shop/core/catalog";
import { parseForm } from "@shop/core/common";
import { type FormEvent, type ReactNode, useState } from "react";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "../AuthField";
import { ProductImagesField } from "./ProductImagesField";

const NO_ERRORS: Record<string, string> = {};

/**
 * The product form (create and edit). The slug follows the name until the admin edits it. The
 * same schema as the server checks the form before it is sent; the server's errors show on the
 * field they name.
 */
export function ProductForm({
  mode,
  draft,
  errors: serverErrors,
}: {
  mode: "create" | "update";
  draft: ProductDraft;
  /** The server's answer's errors: kept as given (a new object means a new answer). */
  errors: Record<string, string> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [name, setName] = useState(draft.name);
  const [slug, setSlug] = useState(draft.slug);
  // A new product's slug follows its name until the admin types one.
  const [slugEdited, setSlugEdited] = useState(mode === "update" || draft.slug !== "");
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [lastServer, setLastServer] = useState(serverErrors);
  if (lastServer !== serverErrors) {
    setLastServer(serverErrors);
    setClientErrors(null);
  }
  const errors = clientErrors ?? serverErrors ?? NO_ERRORS;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "save") return;
    const result = parseForm(
      ProductFormSchema,
      productFormInput(new FormData(event.currentTarget)),
    );
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.fieldErrors);
    const first = Object.keys(result.fieldErrors)[0]?.split(".")[0];
    event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      aria-label={mode === "update" ? "Edit product" : "New product"}
      className="mt-6 grid max-w-3xl gap-6"
    >
      {/* Enter in a field saves (the first submit button of a form is its default). */}
      <button
        type="submit"
        name="intent"
        value="save"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
      />
      <input type="hidden" name="draftId" value={draft.id} />
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Name" name="name" error={errors.name}>
          <input
            id="name"
            name="name"
            data-field="name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (!slugEdited) setSlug(slugify(event.target.value));
            }}
            maxLength={120}
            required
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "name-error" : undefined}
            className={inputClass}
          />
        </Field>
        <Field
          label="Slug"
          name="slug"
          error={errors.slug}
          hint={slugEdited ? undefined : "Made from the name; edit it to choose your own."}
        >
          <input
            id="slug"
            name="slug"
            data-field="slug"
            value={slug}
            onChange={(event) => {
              setSlug(event.target.value);
              setSlugEdited(true);
            }}
            maxLength={100}
            spellCheck={false}
            autoCapitalize="none"
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby={errors.slug ? "slug-error" : slugEdited ? undefined : "slug-hint"}
            className={`${inputClass} font-mono`}
          />
        </Field>
        <Field label="Category" name="category" error={errors.category}>
          <select
            id="category"
            name="category"
            data-field="category"
            defaultValue={draft.category}
            required
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? "category-error" : undefined}
            className={inputClass}
          >
            <option value="">Choose…</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Price (€)" name="price" error={errors.price}>
          <input
            id="price"
            name="price"
            data-field="price"
            defaultValue={draft.price}
            inputMode="decimal"
            placeholder="49.99"
            required
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={errors.price ? "price-error" : undefined}
            className={inputClass}
          />
        </Field>
      </div>

      <Field label="Description" name="description" error={errors.description}>
        <textarea
          id="description"
          name="description"
          data-field="description"
          defaultValue={draft.description}
          rows={5}
          maxLength={2000}
          required
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "description-error" : undefined}
          className={inputClass}
        />
      </Field>

      <fieldset aria-describedby={errors.sizes ? "sizes-error" : undefined}>
        <legend className="text-sm font-medium text-stone-800">Sizes</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {SIZES.map((size, i) => (
            <label
              key={size.tag}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-stone-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600"
            >
              <input
                type="checkbox"
                name="sizes"
                value={size.tag}
                data-field={i === 0 ? "sizes" : undefined}
                defaultChecked={draft.sizes.includes(size.tag)}
                className="size-4 accent-stone-900"
              />
              <span>
                {size.tag} <span className="text-stone-500">({size.name})</span>
              </span>
            </label>
          ))}
        </div>
        {errors.sizes ? (
          <p id="sizes-error" className="mt-1 text-sm text-red-700">
            {errors.sizes}
          </p>
        ) : null}
      </fieldset>

      <ProductImagesField
        images={draft.images}
        productName={name}
        error={errors.images}
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

function Field({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${name}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
