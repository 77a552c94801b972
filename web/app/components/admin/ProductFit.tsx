// A product's fit on its admin page (docs/product.md §10 "Products"): what its reviews say of the
// size and its returns for "Too small" and "Too large", the counts alone (no one named), and what
// the product page says of them (nothing under 5 answers).
import { FIT_LABELS, FIT_MIN_ANSWERS, FITS, type FitCounts, fitSummary } from "@shop/core/reviews";

export function ProductFit({ counts, className = "" }: { counts: FitCounts; className?: string }) {
  const summary = fitSummary(counts);
  return (
    <section aria-labelledby="product-fit-title" className={className}>
      <h3 id="product-fit-title" className="text-lg font-semibold">
        Fit
      </h3>
      <dl className="mt-3 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        {FITS.map((fit) => (
          <div key={fit} className="contents">
            <dt>Reviews: {FIT_LABELS[fit].toLowerCase()}</dt>
            <dd className="text-right tabular-nums">{counts.reviews[fit]}</dd>
          </div>
        ))}
        <div className="contents">
          <dt>Returns: too small</dt>
          <dd className="text-right tabular-nums">{counts.returns.small}</dd>
        </div>
        <div className="contents">
          <dt>Returns: too large</dt>
          <dd className="text-right tabular-nums">{counts.returns.large}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-stone-700">
        {summary
          ? `The product page says: “${summary.message}” (${summary.answers} answers).`
          : `The product page says nothing about the fit until it has ${FIT_MIN_ANSWERS} answers.`}
      </p>
    </section>
  );
}
