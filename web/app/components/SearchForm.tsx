import { Form, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { normalizeSearch } from "@shop/core/catalog";
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { SearchResults } from "../routes/api.search";
import { SearchIcon } from "./icons";
import { Price } from "./Price";
import { ResponsiveImage } from "./ResponsiveImage";

/**
 * The navbar search (docs/product.md §2, §5). A GET form to the catalogue, so it works without
 * JavaScript (/product?search=…). With JavaScript it is a combobox: typing shows live results
 * (case-insensitive name matches from /api/search), ArrowDown/ArrowUp move through them, Enter
 * opens the active one, Escape closes the list. Ctrl+/ focuses it (wired in the header, which
 * may first have to open the mobile menu).
 */
export function SearchForm({ inputRef }: { inputRef: RefObject<HTMLInputElement> }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const current = location.pathname === "/product" ? (searchParams.get("search") ?? "") : "";
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [answer, setAnswer] = useState<SearchResults | null>(null);
  const pending = useRef<AbortController | null>(null);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // A navigation shows the search of the page being viewed and closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes.
  useEffect(() => {
    setText(current);
    setOpen(false);
    setActive(-1);
  }, [location.key]);

  const wanted = normalizeSearch(text);
  // Results shown only for the text typed now (never a stale answer for older text).
  const items = useMemo(
    () => (wanted && answer?.search === wanted ? answer.items : []),
    [wanted, answer],
  );
  const answered = Boolean(wanted) && answer?.search === wanted;

  // A plain fetch, not a Remix fetcher: a fetcher is revalidated after every navigation, and
  // one still discovering /api/search when Enter navigates made Remix 2's lazy route discovery
  // show a 404 page (a known problem of lazy route discovery upstream). Only the latest text counts.
  const load = (search: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    fetch(`/api/search?q=${encodeURIComponent(search)}`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET /api/search answered ${response.status}`);
        setAnswer((await response.json()) as SearchResults);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error(error);
      });
  };
  useEffect(() => () => pending.current?.abort(), []);
  const expanded = open && items.length > 0;

  // Keep the active option in view inside the scrolling list.
  useEffect(() => {
    if (active < 0) return;
    listRef.current
      ?.querySelector(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const onChange = (value: string) => {
    setText(value);
    setActive(-1);
    const search = normalizeSearch(value);
    if (search) {
      setOpen(true);
      load(search);
    } else {
      pending.current?.abort();
      setOpen(false);
    }
  };

  const openProduct = (slug: string) => {
    close();
    navigate(`/product/${slug}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(step === 1 ? 0 : items.length - 1);
        return;
      }
      setActive((index) =>
        index < 0
          ? step === 1
            ? 0
            : items.length - 1
          : (index + step + items.length) % items.length,
      );
    } else if (event.key === "Enter") {
      const item = expanded && active >= 0 ? items[active] : undefined;
      if (item) {
        event.preventDefault();
        openProduct(item.slug);
      }
      // Otherwise the form submits: the catalogue lists every match.
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        // Only the list closes, not the mobile menu around the search.
        event.nativeEvent.stopImmediatePropagation();
        close();
      }
    }
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action="/product"
      role="search"
      className="relative w-full lg:max-w-sm"
      onBlur={(event) => {
        if (!formRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
      onSubmit={() => close()}
    >
      <label htmlFor="site-search" className="sr-only">
        Search
      </label>
      <input
        ref={inputRef}
        id="site-search"
        type="search"
        name="search"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (wanted) setOpen(true);
        }}
        placeholder="Search (CTRL + /)"
        aria-keyshortcuts="Control+/"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className="h-10 w-full rounded-full border border-stone-300 bg-stone-50 pr-11 pl-4 text-sm text-stone-900 placeholder:text-stone-500 focus:border-accent-600 focus:bg-white focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-600"
      />
      <button
        type="submit"
        className="absolute top-1/2 right-1 grid size-8 -translate-y-1/2 place-items-center rounded-full text-stone-600 hover:bg-stone-200 hover:text-stone-900"
      >
        <SearchIcon className="size-4.5" />
        <span className="sr-only">Search</span>
      </button>

      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-56 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg lg:min-w-80"
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (combobox).
          <div
            key={item.id}
            id={optionId(index)}
            data-index={index}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => openProduct(item.slug)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${
              index === active ? "bg-stone-100" : ""
            }`}
          >
            <ResponsiveImage
              src={item.imageUrl}
              sources={item.imageSources}
              sizes="40px"
              alt=""
              width={40}
              height={50}
              loading="lazy"
              className="h-12.5 w-10 shrink-0 rounded bg-stone-100 object-cover"
            />
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900">
              {item.name}
            </span>
            <Price cents={item.priceCents} className="shrink-0 text-sm text-stone-700" />
          </div>
        ))}
      </div>
      {open && answered && items.length === 0 ? (
        <p
          role="status"
          className="absolute inset-x-0 top-full z-50 mt-2 rounded-lg border border-stone-200 bg-white px-3 py-3 text-sm text-stone-600 shadow-lg"
        >
          No products found
        </p>
      ) : null}
    </Form>
  );
}
