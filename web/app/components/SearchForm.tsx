import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { normalizeSearch } from "@shop/core/catalog";
import {
  type KeyboardEvent,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { SearchResults as Answer } from "../routes/api.search";
import { SearchIcon } from "./icons";
import type { SearchKeys } from "./SearchResults";

// The live results are a chunk of their own, loaded on the field's first focus or input: until
// then (and on the server) the listbox is the empty, hidden placeholder below.
const SearchResults = lazy(() =>
  import("./SearchResults").then((module) => ({ default: module.SearchResults })),
);

const LIST_CLASS =
  "absolute inset-x-0 top-full z-50 mt-2 max-h-56 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg lg:min-w-80";

/**
 * The navbar search (docs/product.md §2, §5). A GET form to the catalogue, so it works without
 * JavaScript (/product?search=…). With JavaScript it is a combobox: typing shows live results
 * (the best six from /api/search, matched words marked), ArrowDown/ArrowUp move through them, Enter
 * opens the active one, Escape closes the list. Ctrl+/ focuses it (wired in the header, which
 * may first have to open the mobile menu). The input and the combobox's state are here, so the
 * field is the same element before and after ./SearchResults.tsx (the results, the fetch and
 * the keys) has loaded, and nothing typed meanwhile is lost.
 */
export function SearchForm({ inputRef }: { inputRef: RefObject<HTMLInputElement> }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const current = location.pathname === "/product" ? (searchParams.get("search") ?? "") : "";
  const [text, setText] = useState(current);
  const [typed, setTyped] = useState(0);
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const keys = useRef<SearchKeys | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
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
  const expanded = open && items.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const onChange = (value: string) => {
    setLive(true);
    setText(value);
    setActive(-1);
    setTyped((count) => count + 1);
    setOpen(Boolean(normalizeSearch(value)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        // Only the list closes, not the mobile menu around the search.
        event.nativeEvent.stopImmediatePropagation();
        close();
      }
    } else {
      keys.current?.(event);
    }
  };

  const placeholder = (
    <div id={listId} role="listbox" aria-label="Search results" hidden className={LIST_CLASS} />
  );

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
          setLive(true);
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

      {live ? (
        <Suspense fallback={placeholder}>
          <SearchResults
            listId={listId}
            listClass={LIST_CLASS}
            optionId={optionId}
            wanted={wanted}
            typed={typed}
            items={items}
            answered={answered}
            open={open}
            active={active}
            setOpen={setOpen}
            setActive={setActive}
            setAnswer={setAnswer}
            close={close}
            keys={keys}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </Form>
  );
}
