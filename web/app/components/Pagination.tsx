import { Link } from "@remix-run/react";
import { paginationWindow } from "@shop/core/catalog";

const itemClass = "grid h-10 min-w-10 place-items-center rounded-md px-3 text-sm font-medium";

/**
 * Page links (docs/product.md §9: all pages up to 7, otherwise first, last and 2 each side of the current
 * one). Real links, so paging works without JavaScript.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <Step to={page > 1 ? hrefFor(page - 1) : null} label="Previous" />
        </li>
        {paginationWindow(page, pageCount).map((item, index) =>
          item === "ellipsis" ? (
            // Two ellipses at most, told apart by their position.
            // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity of their own.
            <li key={`ellipsis-${index}`} className={`${itemClass} text-stone-500`}>
              <span aria-hidden="true">…</span>
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-current={item === page ? "page" : undefined}
                aria-label={`Page ${item}`}
                className={`${itemClass} ${
                  item === page
                    ? "bg-stone-900 text-white"
                    : "text-stone-700 hover:bg-stone-100 hover:text-stone-900"
                }`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          <Step to={page < pageCount ? hrefFor(page + 1) : null} label="Next" />
        </li>
      </ul>
    </nav>
  );
}

function Step({ to, label }: { to: string | null; label: string }) {
  if (!to) {
    return (
      <span aria-disabled="true" className={`${itemClass} text-stone-400`}>
        {label}
      </span>
    );
  }
  return (
    <Link to={to} className={`${itemClass} text-stone-700 hover:bg-stone-100 hover:text-stone-900`}>
      {label}
    </Link>
  );
}
