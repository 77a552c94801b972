import { Form, useSubmit } from "@remix-run/react";
import { type CatalogQuery, categorySlug, SORTS } from "@shop/core/catalog";

/**
 * The catalogue's sort order: a GET form (the current filters ride along as hidden fields, the
 * page does not: a new order starts on page 1). Without JavaScript it has a "Sort" button; with
 * it, choosing an option submits at once. With a search the default order is "Relevance" and
 * "Newest" is an option of its own; without one the default is "Newest".
 */
export function SortSelect({ query }: { query: CatalogQuery }) {
  const submit = useSubmit();
  return (
    // A box of its own size, so the label never moves whether the select has arrived or not.
    <Form method="get" action="/product" className="flex h-10 w-60 items-center gap-2">
      {query.category ? (
        <input type="hidden" name="category" value={categorySlug(query.category)} />
      ) : null}
      {query.price ? <input type="hidden" name="price" value={query.price} /> : null}
      {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
      {query.onSale ? <input type="hidden" name="sale" value="on" /> : null}
      <label htmlFor="catalog-sort" className="text-sm font-medium text-stone-700">
        Sort by
      </label>
      <select
        id="catalog-sort"
        name="sort"
        defaultValue={query.sort ?? ""}
        key={query.sort ?? ""}
        onChange={(event) => {
          // Drop an empty sort from the URL (the default order).
          const form = event.currentTarget.form;
          if (!form) return;
          const data = new FormData(form);
          if (data.get("sort") === "") data.delete("sort");
          submit(data, { method: "get", action: "/product" });
        }}
        className="h-10 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-2 text-sm text-stone-900 hover:border-stone-400"
      >
        {/* The default order: the best matches for a search, else the newest. */}
        <option value="">{query.search ? "Relevance" : "Newest"}</option>
        {SORTS.filter(
          (sort) => sort.id !== "relevance" && (sort.id !== "newest" || query.search),
        ).map((sort) => (
          <option key={sort.id} value={sort.id}>
            {sort.label}
          </option>
        ))}
      </select>
      {/* Only without JavaScript: a button that goes away as the page hydrates would move the form. */}
      <noscript>
        <button
          type="submit"
          className="h-10 rounded-md border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-100"
        >
          Sort
        </button>
      </noscript>
    </Form>
  );
}
