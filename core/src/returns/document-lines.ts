// What a return's documents (slip, credit note) and mails say of each line (docs/product.md §9
// "Colours"): kept apart from ./documents.ts, which is loaded lazily with its PDF library.
import { variantName } from "../catalog/variants.ts";
import type { DocumentLine } from "./documents.ts";

/**
 * A return's line as its documents name it: the variant returned ("Navy, Medium") and, for an
 * exchange, the variant sent instead (another colour, size or both of the same product).
 */
export function documentLine(line: {
  quantity: number;
  name: string;
  colour?: string | undefined;
  size: string;
  exchangeColour?: string | undefined;
  exchangeSize?: string | undefined;
}): DocumentLine {
  return {
    quantity: line.quantity,
    name: line.name,
    size: variantName(line.colour, line.size),
    ...(line.exchangeSize
      ? { exchangeFor: variantName(line.exchangeColour ?? line.colour, line.exchangeSize) }
      : {}),
  };
}
