// Fit feedback (docs/product.md §9 "Fit feedback"): a review may say how the size fitted (runs
// small, true to size, runs large), and a return received for "Too small" or "Too large" counts
// as runs small or runs large, per product and return, naming no one. The product page shows the
// share once FIT_MIN_ANSWERS answers exist, and nothing below that. Browser-safe.

export const FITS = ["small", "true", "large"] as const;
export type Fit = (typeof FITS)[number];

export const FIT_LABELS: Readonly<Record<Fit, string>> = {
  small: "Runs small",
  true: "True to size",
  large: "Runs large",
};

/** Fewer answers than this show nothing. */
export const FIT_MIN_ANSWERS = 5;

export function isFit(value: unknown): value is Fit {
  return FITS.some((fit) => fit === value);
}

/** A product's answers: from its reviews (each fit), from its returns (too small, too large). */
export interface FitCounts {
  reviews: Readonly<Record<Fit, number>>;
  returns: Readonly<{ small: number; large: number }>;
}

export const NO_FIT: FitCounts = {
  reviews: { small: 0, true: 0, large: 0 },
  returns: { small: 0, large: 0 },
};

/** The product item's counter of each answer (./fit.server.ts adds to them). */
export const FIT_ATTRIBUTES = {
  reviews: { small: "fitSmall", true: "fitTrue", large: "fitLarge" },
  returns: { small: "fitReturnSmall", large: "fitReturnLarge" },
} as const;

/** The counts of a product item (a counter missing, negative or odd counts 0). */
export function fitCountsOf(item: Readonly<Record<string, unknown>>): FitCounts {
  const n = (name: string) => {
    const value = item[name];
    return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  };
  return {
    reviews: {
      small: n(FIT_ATTRIBUTES.reviews.small),
      true: n(FIT_ATTRIBUTES.reviews.true),
      large: n(FIT_ATTRIBUTES.reviews.large),
    },
    returns: { small: n(FIT_ATTRIBUTES.returns.small), large: n(FIT_ATTRIBUTES.returns.large) },
  };
}

export type FitVerdict = Fit | "mixed";

export interface FitSummary {
  answers: number;
  /** Each outcome's count and whole percentage of the answers. */
  shares: Record<Fit, { count: number; percent: number }>;
  /** The outcome more than half the answers give, else "mixed". */
  verdict: FitVerdict;
  /** What the product page says. */
  message: string;
}

/** What the page says for each verdict. */
export const FIT_MESSAGES: Readonly<Record<FitVerdict, string>> = {
  small: "Most buyers say: runs small, consider a size up",
  true: "Most buyers say: true to size",
  large: "Most buyers say: runs large, consider a size down",
  mixed: "Buyers are divided on the fit",
};

/** The share of each answer and what it says; null below FIT_MIN_ANSWERS answers. */
export function fitSummary(counts: FitCounts): FitSummary | null {
  const count: Record<Fit, number> = {
    small: whole(counts.reviews.small) + whole(counts.returns.small),
    true: whole(counts.reviews.true),
    large: whole(counts.reviews.large) + whole(counts.returns.large),
  };
  const answers = count.small + count.true + count.large;
  if (answers < FIT_MIN_ANSWERS) return null;
  const shares = Object.fromEntries(
    FITS.map((fit) => [
      fit,
      { count: count[fit], percent: Math.round((count[fit] / answers) * 100) },
    ]),
  ) as FitSummary["shares"];
  const verdict: FitVerdict = FITS.find((fit) => count[fit] * 2 > answers) ?? "mixed";
  return { answers, shares, verdict, message: FIT_MESSAGES[verdict] };
}

/** "4 of 5 buyers: runs small": the line under the verdict. */
export function fitDetail(summary: FitSummary): string {
  const parts = FITS.filter((fit) => summary.shares[fit].count > 0).map(
    (fit) => `${FIT_LABELS[fit].toLowerCase()} ${summary.shares[fit].percent}%`,
  );
  return `${summary.answers} answers from reviews and returns: ${parts.join(", ")}`;
}

function whole(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
