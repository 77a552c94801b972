// Home / category / product, above the product page (the category links to its catalogue view).
import { Link } from "@remix-run/react";
import { type Category, categorySlug } from "@shop/core/catalog";

export function ProductBreadcrumb({ category, name }: { category: Category; name: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-2 text-sm text-stone-500">
        <li>
          <Link to="/product" className="hover:text-stone-900 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link
            to={`/product?category=${categorySlug(category)}`}
            className="hover:text-stone-900 hover:underline"
          >
            {category}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-stone-800">
          {name}
        </li>
      </ol>
    </nav>
  );
}
