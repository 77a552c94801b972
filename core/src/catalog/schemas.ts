// The navbar search box (docs/product.md §5 "Search"): the typed text, trimmed and cut to 100 characters.
import * as v from "valibot";
import { SEARCH_MAX_LENGTH } from "./query.ts";

export const SearchSchema = v.object({
  search: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.transform((text) => text.slice(0, SEARCH_MAX_LENGTH).trim()),
  ),
});

export type Search = v.InferOutput<typeof SearchSchema>;
