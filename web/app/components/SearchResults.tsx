// The navbar search's live results (./SearchForm.tsx): a chunk of its own, loaded when the search
// field is first focused or typed in, so the pages' shared bundle does not carry it. The form and
// its input stay in the layout (and work without JavaScript); this part fetches /api/search,
// shows the listbox and moves through it with the keys.
import { useNavigate } from "@remix-run/react";
import { productHref } from "@shop/core/catalog";
import { type KeyboardEvent, type MutableRefObject, useEffect, useRef } from "react";
import type { SearchResults as Answer } from "../routes/api.search";
import { SalePrice } from "./Price";
import { ResponsiveImage } from "./ResponsiveImage";

export type SearchKeys = (event: KeyboardEvent<HTMLInputElement>) => void;

export function SearchResults({
  listId,
  listClass,
  optionId,
  wanted,
  typed,
  items,
  answered,
  open,
  active,
  setOpen,
  setActive,
  setAnswer,
  close,
  keys,
}: {
  listId: string;
  /** The listbox's classes, the same as the placeholder the layout renders before this loads. */
  listClass: string;
  optionId: (index: number) => string;
  /** The normalized text typed now (none when it is blank). */
  wanted: string | undefined;
  /** How many times the text was changed by typing: each change asks for its results. */
  typed: number;
  items: Answer["items"];
  answered: boolean;
  open: boolean;
  active: number;
  setOpen: (open: boolean) => void;
  setActive: (update: number | ((index: number) => number)) => void;
  setAnswer: (answer: Answer) => void;
  close: () => void;
  /** Where the input's arrow and Enter keys are handed to. */
  keys: MutableRefObject<SearchKeys | null>;
}) {
  const pending = useRef<AbortController | null>(null);
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);
  const expanded = open && items.length > 0;

  // A plain fetch, not a Remix fetcher: a fetcher is revalidated after every navigation, and
  // one still discovering /api/search when Enter navigates made Remix 2's lazy route discovery
  // show a 404 page (a known problem of lazy route discovery upstream). Only the latest text counts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change typed (and on load for the text typed while this chunk loaded).
  useEffect(() => {
    if (typed === 0) return;
    pending.current?.abort();
    if (!wanted) return;
    const controller = new AbortController();
    pending.current = controller;
    fetch(`/api/search?q=${encodeURIComponent(wanted)}`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET /api/search answered ${response.status}`);
        setAnswer((await response.json()) as Answer);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error(error);
      });
  }, [typed]);
  useEffect(() => () => pending.current?.abort(), []);

  // Keep the active option in view inside the scrolling list.
  useEffect(() => {
    if (active < 0) return;
    listRef.current
      ?.querySelector(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const openProduct = (item: (typeof items)[number]) => {
    close();
    navigate(productHref(item));
  };

  keys.current = (event) => {
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
        openProduct(item);
      }
      // Otherwise the form submits: the catalogue lists every match.
    }
  };

  return (
    <>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!expanded}
        className={listClass}
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
            onClick={() => openProduct(item)}
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
              {item.nameParts.map((part, at) =>
                part.mark ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order.
                  <mark key={at} className="bg-amber-100 font-semibold text-stone-900">
                    {part.text}
                  </mark>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order.
                  <span key={at}>{part.text}</span>
                ),
              )}
            </span>
            <SalePrice
              cents={item.priceCents}
              compareAtCents={item.compareAtCents}
              className="shrink-0 text-sm text-stone-700"
            />
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
    </>
  );
}
