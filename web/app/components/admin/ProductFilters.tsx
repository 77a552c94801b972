import { Form, Link } from "@remix-run/react";
import { type AdminProductQuery, CATEGORIES, categorySlug } from "@shop/core/catalog";
import { inputClass, secondaryButtonClass } from "../AuthField";

/**
 * The product list's search box and audience filter: a plain GET form, so the state lives in
 * the URL and it works without JavaScript (a new search starts again at page 1).
 */
export function ProductFilters({ query }: { query: AdminProductQuery }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Products"
      className="mt-6 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
    >
      <div>
        <label htmlFor="product-search" className="block text-sm font-medium text-stone-800">
          Search by name
        </label>
        <input
          id="product-search"
          name="search"
          type="search"
          defaultValue={query.search ?? ""}
          maxLength={100}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="product-audience" className="block text-sm font-medium text-stone-800">
          Audience
        </label>
        <select
          id="product-audience"
          name="category"
          defaultValue={query.category ? categorySlug(query.category) : ""}
          className={inputClass}
        >
          <option value="">All audiences</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={categorySlug(category)}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2">
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
        {query.search || query.category ? (
          <Link to="/admin/list-products" className={secondaryButtonClass}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
