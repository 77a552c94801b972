import { Link, useLocation } from "@remix-run/react";
import {
  type CatalogFacets,
  type CatalogQuery,
  type Category,
  catalogQueryToSearchParams,
  PRICE_BANDS,
} from "@shop/core/catalog";
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { CloseIcon } from "./icons";
import { FilterIcon } from "./ui-icons";
import { useHydrated } from "./useHydrated";

/** Where the filters are a sidebar; below it they are a slide-over (docs/product.md §9: under 1023 px). */
const DESKTOP_QUERY = "(min-width: 1023px)";

/** A link to the catalogue with this query; a filter change always goes back to page 1. */
export function catalogHref(query: Partial<CatalogQuery>): string {
  const search = catalogQueryToSearchParams(query).toString();
  return search ? `/product?${search}` : "/product";
}

/**
 * The catalogue's filters: audience categories (alphabetically, as the loader gives them), the
 * five price bands, availability, colour (families, and the chosen family's colours) and size
 * (grouped by scale, only those in stock), each colour and size with the number of products it
 * would list, as links (so every view is a shareable URL that works without JavaScript). From 1023 px a sidebar; below it a slide-over opened by the "Filters" button.
 * Without JavaScript the button is a link to #filters and the panel shows as its :target.
 */
export function CatalogFilters({
  query,
  categories,
  facets,
}: {
  query: CatalogQuery;
  categories: readonly Category[];
  facets: CatalogFacets;
}) {
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) openRef.current?.focus();
  }, []);

  // A chosen filter navigates: close the panel then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  // While open: focus moves in, Tab stays in, Escape / outside click / growing past the
  // breakpoint close it.
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(true);
      } else if (event.key === "Tab") {
        trapFocus(event, panelRef.current);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !panelRef.current?.contains(event.target)) {
        close(false);
      }
    };
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onBreakpoint = () => {
      if (desktop.matches) close(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    desktop.addEventListener("change", onBreakpoint);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      desktop.removeEventListener("change", onBreakpoint);
    };
  }, [open, close]);

  const active =
    Number(Boolean(query.category)) +
    Number(Boolean(query.price)) +
    Number(Boolean(query.inStock)) +
    Number(Boolean(query.onSale)) +
    Number(Boolean(query.colour || query.family)) +
    Number(Boolean(query.size));
  // The family whose colours show: the one chosen, or the chosen colour's.
  const openFamily = facets.open;
  const noColour = { colour: undefined, family: undefined, page: 1 };
  const buttonContent = (
    <>
      <FilterIcon className="size-4.5" />
      Filters
      {active > 0 ? (
        <span className="grid h-5 min-w-5 place-items-center rounded-full bg-stone-900 px-1 text-xs text-white">
          <span className="sr-only">(</span>
          {active}
          <span className="sr-only"> active)</span>
        </span>
      ) : null}
    </>
  );

  return (
    <>
      <FiltersToggle open={open} openRef={openRef} onOpen={() => setOpen(true)}>
        {buttonContent}
      </FiltersToggle>

      <FiltersPanel open={open} panelRef={panelRef}>
        <div className="mb-4 flex items-center justify-between lg:hidden">
          <p className="text-lg font-semibold text-stone-900">Filters</p>
          <FiltersClose closeRef={closeRef} onClose={() => close(true)} />
        </div>

        <FilterGroup title="Category">
          <FilterLink
            to={catalogHref({ ...query, category: undefined, page: 1 })}
            current={!query.category}
          >
            All categories
          </FilterLink>
          {categories.map((category) => (
            <FilterLink
              key={category}
              to={catalogHref({ ...query, category, page: 1 })}
              current={query.category === category}
            >
              {category}
            </FilterLink>
          ))}
        </FilterGroup>

        <FilterGroup title="Price">
          <FilterLink
            to={catalogHref({ ...query, price: undefined, page: 1 })}
            current={!query.price}
          >
            Any price
          </FilterLink>
          {PRICE_BANDS.map((band) => (
            <FilterLink
              key={band.id}
              to={catalogHref({ ...query, price: band.id, page: 1 })}
              current={query.price === band.id}
            >
              {band.label} €
            </FilterLink>
          ))}
        </FilterGroup>

        <FilterGroup title="Availability">
          <FilterLink
            to={catalogHref({ ...query, inStock: undefined, page: 1 })}
            current={!query.inStock}
          >
            All products
          </FilterLink>
          <FilterLink
            to={catalogHref({ ...query, inStock: true, page: 1 })}
            current={query.inStock === true}
          >
            In stock only
          </FilterLink>
        </FilterGroup>

        {/* Markdowns (docs/product.md §9): the products sold below their regular price now. */}
        <FilterGroup title="Offers">
          <FilterLink
            to={catalogHref({ ...query, onSale: undefined, page: 1 })}
            current={!query.onSale}
          >
            All prices
          </FilterLink>
          <FilterLink
            to={catalogHref({ ...query, onSale: true, page: 1 })}
            current={query.onSale === true}
            count={facets.onSale}
          >
            On sale
          </FilterLink>
        </FilterGroup>

        <FilterGroup title="Colour">
          <FilterLink
            to={catalogHref({ ...query, ...noColour })}
            current={!query.colour && !query.family}
          >
            Any colour
          </FilterLink>
          {facets.families.map((family) => (
            <li key={family.family}>
              <FilterLink
                bare
                to={catalogHref({ ...query, ...noColour, family: family.family })}
                current={query.family === family.family}
                count={family.count}
              >
                {family.name}
              </FilterLink>
              {openFamily === family.family ? (
                <ul className="mt-1 ml-4 space-y-1" aria-label={`${family.name} colours`}>
                  {family.colours.map((colour) => (
                    <FilterLink
                      key={colour.id}
                      to={catalogHref({ ...query, ...noColour, colour: colour.id })}
                      current={query.colour === colour.id}
                      count={colour.count}
                      swatch={colour.swatch}
                    >
                      {colour.name}
                    </FilterLink>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </FilterGroup>

        <FilterGroup title="Size">
          <FilterLink
            to={catalogHref({ ...query, size: undefined, page: 1 })}
            current={!query.size}
          >
            Any size
          </FilterLink>
          {facets.sizes.map((scale) => (
            <li key={scale.scale} className="pt-2">
              <p className="px-2 text-xs font-medium text-stone-500" id={`size-${scale.scale}`}>
                {scale.name}
              </p>
              <ul
                aria-labelledby={`size-${scale.scale}`}
                className="mt-1 flex flex-wrap gap-1.5 px-2"
              >
                {scale.sizes.map((size) => {
                  const current = query.size === size.tag;
                  return (
                    <li key={size.tag}>
                      <Link
                        to={catalogHref({ ...query, size: size.tag, page: 1 })}
                        aria-current={current ? "true" : undefined}
                        title={size.name}
                        className={`inline-flex min-h-8 min-w-10 items-center justify-center gap-1 rounded-md border px-2 text-sm ${
                          current
                            ? "border-accent-600 bg-accent-50 font-semibold text-accent-800"
                            : "border-stone-300 text-stone-700 hover:border-stone-400 hover:bg-stone-100"
                        }`}
                      >
                        <span aria-hidden="true">{size.label}</span>
                        <span className="sr-only">{size.name}, </span>
                        <span className={`text-xs ${current ? "" : "text-stone-600"}`}>
                          <span aria-hidden="true">(</span>
                          {size.count}
                          <span className="sr-only">
                            {size.count === 1 ? " product" : " products"}
                          </span>
                          <span aria-hidden="true">)</span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </FilterGroup>

        {active > 0 ? (
          <p className="mt-6">
            <Link
              to={catalogHref({ search: query.search, sort: query.sort })}
              className="text-sm font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
            >
              Clear filters
            </Link>
          </p>
        ) : null}
      </FiltersPanel>

      {/* Dims the page behind the open panel; a click on it closes the panel (pointerdown). */}
      <div
        aria-hidden="true"
        className={`fixed inset-0 z-40 bg-stone-900/40 transition-opacity duration-200 motion-reduce:transition-none lg:hidden ${
          open ? "opacity-100" : "pointer-events-none opacity-0"
        }`}
      />
    </>
  );
}

// Before hydration (or without JavaScript) "Filters" is a link to #filters and the panel shows as
// the page's :target. Only these small parts know whether the page has hydrated: when it has,
// they re-render alone (the filters, passed as children, are not rendered again), and each keeps
// its box, so nothing moves however late hydration comes.

const toggleClass =
  "mb-5 inline-flex h-10 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:border-stone-400 lg:hidden";
const closeClass =
  "-mr-2 grid size-10 place-items-center rounded-full text-stone-700 hover:bg-stone-100";

function FiltersToggle({
  open,
  openRef,
  onOpen,
  children,
}: {
  open: boolean;
  openRef: RefObject<HTMLButtonElement>;
  onOpen: () => void;
  children: ReactNode;
}) {
  return useHydrated() ? (
    <button
      ref={openRef}
      type="button"
      aria-expanded={open}
      aria-controls="filters"
      onClick={onOpen}
      className={toggleClass}
    >
      {children}
    </button>
  ) : (
    <a href="#filters" className={toggleClass}>
      {children}
    </a>
  );
}

function FiltersClose({
  closeRef,
  onClose,
}: {
  closeRef: RefObject<HTMLButtonElement>;
  onClose: () => void;
}) {
  const content = (
    <>
      <CloseIcon className="size-6" />
      <span className="sr-only">Close filters</span>
    </>
  );
  return useHydrated() ? (
    <button ref={closeRef} type="button" onClick={onClose} className={closeClass}>
      {content}
    </button>
  ) : (
    <a href="#products-heading" className={closeClass}>
      {content}
    </a>
  );
}

/** From 1023 px a sidebar; below it an off-canvas panel, shown before hydration only as the page's :target. */
function FiltersPanel({
  open,
  panelRef,
  children,
}: {
  open: boolean;
  panelRef: RefObject<HTMLDivElement>;
  children: ReactNode;
}) {
  const mobilePanel = useHydrated()
    ? open
      ? "max-lg:visible max-lg:translate-x-0 max-lg:transition-[translate]"
      : "max-lg:invisible max-lg:-translate-x-full max-lg:transition-[translate,visibility]"
    : "max-lg:hidden max-lg:target:flex";
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is set only with role dialog.
    <div
      ref={panelRef}
      id="filters"
      role={open ? "dialog" : undefined}
      aria-modal={open ? true : undefined}
      aria-label={open ? "Filters" : undefined}
      className={`flex flex-col max-lg:fixed max-lg:inset-y-0 max-lg:left-0 max-lg:z-50 max-lg:w-80 max-lg:max-w-[85vw] max-lg:overflow-y-auto max-lg:bg-white max-lg:p-5 max-lg:shadow-xl max-lg:duration-200 max-lg:ease-out motion-reduce:transition-none ${mobilePanel}`}
    >
      {children}
    </div>
  );
}

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-stone-200 py-5 first-of-type:pt-0 lg:first-of-type:pt-0">
      <h2 className="text-sm font-semibold tracking-wide text-stone-900 uppercase">{title}</h2>
      <ul className="mt-3 space-y-1">{children}</ul>
    </section>
  );
}

function FilterLink({
  to,
  current,
  children,
  count,
  swatch,
  bare,
}: {
  to: string;
  current: boolean;
  children: ReactNode;
  /** The products it would list. */
  count?: number;
  /** A colour's swatch fill. */
  swatch?: string;
  /** Without its own list item (its caller gives one). */
  bare?: boolean;
}) {
  const link = (
    <Link
      to={to}
      aria-current={current ? "true" : undefined}
      className={`flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${
        current
          ? "bg-accent-50 font-semibold text-accent-800"
          : "text-stone-700 hover:bg-stone-100 hover:text-stone-900"
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${current ? "bg-accent-600" : "bg-transparent"}`}
      />
      {swatch ? (
        <span
          aria-hidden="true"
          className="size-4 rounded-full border border-stone-300"
          style={{ backgroundColor: swatch }}
        />
      ) : null}
      {children}
      {count !== undefined ? (
        <span className={`ml-auto text-xs ${current ? "" : "text-stone-600"}`}>
          <span className="sr-only">, </span>
          {count}
          <span className="sr-only"> {count === 1 ? "product" : "products"}</span>
        </span>
      ) : null}
    </Link>
  );
  return bare ? link : <li>{link}</li>;
}

/** Keeps Tab and Shift+Tab inside `container` (the open slide-over is modal). */
function trapFocus(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container) return;
  const focusable = Array.from(
    container.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), select, input"),
  ).filter((element) => element.offsetParent !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
