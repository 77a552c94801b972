import { Link, useLocation } from "@remix-run/react";
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { SessionUser } from "../lib/session-user";
import { FREE_DELIVERY_BANNER, SHOP_NAME } from "../lib/shop";
import { CartLink } from "./CartLink";
import { CurrencySelect } from "./CurrencySelect";
import { CloseIcon, MenuIcon } from "./icons";
import { SearchForm } from "./SearchForm";
import { UserMenu } from "./UserMenu";
import { useHydrated } from "./useHydrated";

/** Where the navbar is laid out in a row; below it the menu is a slide-in panel (docs/product.md §9). */
const DESKTOP_QUERY = "(min-width: 1023px)";
/** Resize events are settled this long before the width is checked (docs/product.md §9). */
const RESIZE_DEBOUNCE_MS = 200;

const roundButtonClass = (extra: string) =>
  `${extra} grid size-10 place-items-center rounded-full text-stone-700 hover:bg-stone-100`;

export function SiteHeader({ user }: { user: SessionUser | null }) {
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Set when Ctrl+/ opens the panel, so the search (not the close button) gets the focus.
  const focusSearchOnOpen = useRef(false);
  const location = useLocation();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // Close on navigation (including a search submitted from the panel).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  // Opened through the link before hydration: stay open, now as React's state.
  useEffect(() => {
    if (window.location.hash === "#site-menu") setOpen(true);
  }, []);

  // Ctrl+/ (or Cmd+/) focuses the search, opening the mobile menu first if needed.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key !== "/") return;
      event.preventDefault();
      if (window.matchMedia(DESKTOP_QUERY).matches) {
        searchRef.current?.focus();
        searchRef.current?.select();
      } else {
        focusSearchOnOpen.current = true;
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // While the panel is open: move focus into it; close on Escape, on a click or focus outside,
  // and when the window has grown past the breakpoint.
  useEffect(() => {
    if (!open) return;
    if (focusSearchOnOpen.current) {
      focusSearchOnOpen.current = false;
      searchRef.current?.focus();
    } else {
      closeRef.current?.focus();
    }

    const isOutside = (target: EventTarget | null) =>
      target instanceof Node &&
      !panelRef.current?.contains(target) &&
      !toggleRef.current?.contains(target);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) close(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) close(false);
    };
    // The width is checked 200 ms after resizing stops (docs/product.md §9), not on every resize event.
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        if (window.matchMedia(DESKTOP_QUERY).matches) close(false);
      }, RESIZE_DEBOUNCE_MS);
    };

    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    window.addEventListener("resize", onResize);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
      window.removeEventListener("resize", onResize);
      clearTimeout(resizeTimer);
    };
  }, [open, close]);

  return (
    <header id="site-header" className="border-b border-stone-200 bg-white">
      <p className="bg-stone-900 px-4 py-2 text-center text-xs font-medium tracking-wide text-stone-100 sm:text-sm">
        {FREE_DELIVERY_BANNER}
      </p>

      {/* From 1023 px a grid whose columns do not wait for what comes later in the page: the
          search starts after the logo; the currency and cart columns have their own widths, and
          the user menu's is at least what "Sign in" and "Sign up" take (below 1280 px the currency's
          label is for screen readers only, to leave the search room). So a first paint of part
          of the header (a slow connection or device) moves nothing when the rest arrives. The
          menu panel's own box dissolves into the grid (display: contents). */}
      <nav
        aria-label="Main"
        className="container-page flex h-16 items-center gap-3 lg:grid lg:grid-cols-[auto_minmax(9rem,1fr)_minmax(13.5rem,max-content)_7.5rem_2.5rem] lg:gap-x-4 xl:grid-cols-[auto_minmax(9rem,1fr)_minmax(13.5rem,max-content)_11.75rem_2.5rem] xl:gap-x-6"
      >
        <MenuToggle open={open} toggleRef={toggleRef} onToggle={() => setOpen((value) => !value)} />

        <Link
          to="/product"
          className="shrink-0 text-xl font-semibold tracking-tight text-stone-900 hover:text-accent-700"
        >
          {SHOP_NAME}
        </Link>

        {/* One menu for both layouts: a row from 1023 px, a slide-in panel below. */}
        <MenuPanel open={open} panelRef={panelRef}>
          <div className="flex items-center justify-between lg:hidden">
            <span className="text-lg font-semibold text-stone-900">{SHOP_NAME}</span>
            <MenuClose closeRef={closeRef} onClose={() => close(true)} />
          </div>

          <div>
            <SearchForm inputRef={searchRef} />
          </div>
          <UserMenu user={user} />
          <CurrencySelect />
        </MenuPanel>

        <div className="ml-auto lg:ml-0 lg:justify-self-end">
          <CartLink />
        </div>
      </nav>

      {/* Dims the page behind the open panel; clicks on it close the panel (see pointerdown). */}
      <div
        aria-hidden="true"
        className={`fixed inset-0 z-40 bg-stone-900/40 transition-opacity duration-200 motion-reduce:transition-none lg:hidden ${
          open ? "opacity-100" : "pointer-events-none opacity-0"
        }`}
      />
    </header>
  );
}

// Before hydration (or without JavaScript) Menu is a link to #site-menu and the panel opens as
// the page's :target, so a tap before the scripts run is never lost. Only these small parts know
// whether the page has hydrated: when it has, they re-render alone (the search, the user menu and
// the currency, passed as children, are not rendered again), and the box of each is the same
// before and after, so nothing in the header moves however late hydration comes.

function MenuToggle({
  open,
  toggleRef,
  onToggle,
}: {
  open: boolean;
  toggleRef: RefObject<HTMLButtonElement>;
  onToggle: () => void;
}) {
  const hydrated = useHydrated();
  const content = (
    <>
      <MenuIcon className="size-6" />
      <span className="sr-only">Menu</span>
    </>
  );
  return hydrated ? (
    <button
      ref={toggleRef}
      type="button"
      aria-expanded={open}
      aria-controls="site-menu"
      onClick={onToggle}
      className={roundButtonClass("-ml-2 lg:hidden")}
    >
      {content}
    </button>
  ) : (
    <a href="#site-menu" className={roundButtonClass("-ml-2 lg:hidden")}>
      {content}
    </a>
  );
}

function MenuClose({
  closeRef,
  onClose,
}: {
  closeRef: RefObject<HTMLButtonElement>;
  onClose: () => void;
}) {
  const hydrated = useHydrated();
  const content = (
    <>
      <CloseIcon className="size-6" />
      <span className="sr-only">Close menu</span>
    </>
  );
  return hydrated ? (
    <button ref={closeRef} type="button" onClick={onClose} className={roundButtonClass("-mr-2")}>
      {content}
    </button>
  ) : (
    <a href="#site-header" className={roundButtonClass("-mr-2")}>
      {content}
    </a>
  );
}

/** One menu for both layouts: a row from 1023 px (its box dissolves into the grid), a slide-in panel below. */
function MenuPanel({
  open,
  panelRef,
  children,
}: {
  open: boolean;
  panelRef: RefObject<HTMLDivElement>;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <div
      ref={panelRef}
      id="site-menu"
      className={`fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-5 shadow-xl duration-200 ease-out motion-reduce:transition-none lg:visible lg:contents ${
        // Visible at once when opening (so focus can move in), hidden after the slide-out.
        !hydrated
          ? "invisible -translate-x-full target:visible target:translate-x-0"
          : open
            ? "visible translate-x-0 transition-[translate]"
            : "invisible -translate-x-full transition-[translate,visibility]"
      }`}
    >
      {children}
    </div>
  );
}
