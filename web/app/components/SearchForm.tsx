import { Form, useLocation, useSearchParams } from "@remix-run/react";
import type { RefObject } from "react";
import { SearchIcon } from "./icons";

/**
 * The navbar search: a GET form to the catalogue (works without JavaScript). Ctrl+/ focuses it
 * (wired in the header, which may first have to open the mobile menu).
 */
export function SearchForm({ inputRef }: { inputRef: RefObject<HTMLInputElement> }) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = pathname === "/product" ? (searchParams.get("search") ?? "") : "";

  return (
    <Form method="get" action="/product" role="search" className="relative w-full lg:max-w-sm">
      <label htmlFor="site-search" className="sr-only">
        Search
      </label>
      <input
        // Re-mount on navigation so the field shows the search of the page being viewed.
        key={current}
        ref={inputRef}
        id="site-search"
        type="search"
        name="search"
        defaultValue={current}
        placeholder="Search (CTRL + /)"
        aria-keyshortcuts="Control+/"
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-stone-300 bg-stone-50 pr-11 pl-4 text-sm text-stone-900 placeholder:text-stone-500 focus:border-accent-600 focus:bg-white focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-600"
      />
      <button
        type="submit"
        className="absolute top-1/2 right-1 grid size-8 -translate-y-1/2 place-items-center rounded-full text-stone-600 hover:bg-stone-200 hover:text-stone-900"
      >
        <SearchIcon className="size-4.5" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}
