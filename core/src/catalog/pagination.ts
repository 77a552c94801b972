// The catalogue's page links (docs/product.md §9 "Catalogue page size"): every page when there are 7 or
// fewer; otherwise the first, the last, and 2 pages each side of the current one, with an
// ellipsis wherever pages are skipped.
export const PAGINATION_WINDOW = 2;
export const PAGINATION_SHOW_ALL_UP_TO = 7;

export type PaginationItem = number | "ellipsis";

export function paginationWindow(current: number, pageCount: number): PaginationItem[] {
  const last = Number.isFinite(pageCount) ? Math.max(0, Math.floor(pageCount)) : 0;
  if (last <= PAGINATION_SHOW_ALL_UP_TO) return range(1, last);

  const page = Number.isFinite(current) ? Math.min(Math.max(Math.floor(current), 1), last) : 1;
  const from = Math.max(1, page - PAGINATION_WINDOW);
  const to = Math.min(last, page + PAGINATION_WINDOW);

  const items: PaginationItem[] = [];
  if (from > 1) items.push(1);
  if (from > 2) items.push("ellipsis");
  items.push(...range(from, to));
  if (to < last - 1) items.push("ellipsis");
  if (to < last) items.push(last);
  return items;
}

function range(from: number, to: number): number[] {
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}
