// A product's size guide (docs/product.md §9 "Size guides"): a real HTML table, one row per size
// with its body measurements, the chosen size highlighted (and said so to screen readers), the
// unit switch (centimetres or inches) and "how to measure" with a simple drawing. Shown by the
// guide's own page and, in the browser, by the product page's dialog (./SizeGuideDialog.tsx).
import type { SizeGuideView, SizeTag, Unit } from "@shop/core/catalog";
import type { MouseEvent } from "react";

export function SizeGuideTable({
  guide,
  productName,
  chosen,
  unitHref,
  onUnit,
  headingId,
}: {
  guide: SizeGuideView;
  productName: string;
  chosen: SizeTag | null;
  /** Where the other unit's table is (a link: works without JavaScript). */
  unitHref: (unit: Unit) => string;
  /** In the browser's dialog: switch the unit without leaving the page. */
  onUnit?: (unit: Unit) => void;
  headingId: string;
}) {
  const switchTo = (unit: Unit) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onUnit) return;
    event.preventDefault();
    onUnit(unit);
  };
  return (
    <div>
      <p className="text-sm text-stone-600">
        {guide.garment}: body measurements, not the garment's.
      </p>
      <p className="mt-3 flex gap-3 text-sm">
        <span className="text-stone-600">Show in:</span>
        {(["cm", "in"] as const).map((unit) =>
          unit === guide.unit ? (
            <span key={unit} aria-current="true" className="font-semibold text-stone-900">
              {unit === "cm" ? "Centimetres" : "Inches"}
            </span>
          ) : (
            <a
              key={unit}
              href={unitHref(unit)}
              onClick={switchTo(unit)}
              className="rounded text-accent-700 underline hover:text-accent-800"
            >
              {unit === "cm" ? "Centimetres" : "Inches"}
            </a>
          ),
        )}
      </p>
      <div className="mt-4 overflow-x-auto">
        <table
          className="w-full border-collapse text-left text-sm"
          aria-describedby={`${headingId}-how`}
        >
          <caption className="sr-only">
            Size guide for {productName}, in {guide.unit === "cm" ? "centimetres" : "inches"}
          </caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Size
              </th>
              {guide.columns.map((column) => (
                <th key={column.id} scope="col" className="py-2 pr-4 font-semibold">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => {
              const isChosen = row.tag === chosen;
              return (
                <tr
                  key={row.tag}
                  aria-current={isChosen ? "true" : undefined}
                  data-size={row.tag}
                  className={`border-b border-stone-200 ${isChosen ? "bg-accent-50 font-semibold" : ""}`}
                >
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {row.label}
                    {row.name !== row.label ? (
                      <span className="block text-xs font-normal text-stone-600">{row.name}</span>
                    ) : null}
                    {isChosen ? (
                      <span className="mt-1 block text-xs font-semibold text-accent-800">
                        Your size
                      </span>
                    ) : null}
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={guide.columns[i]?.id ?? i} className="py-2 pr-4 tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <section aria-labelledby={`${headingId}-how`} className="mt-6">
        <h2 id={`${headingId}-how`} className="text-base font-semibold text-stone-900">
          How to measure
        </h2>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row">
          <MeasureDrawing foot={guide.columns.some((c) => c.id === "foot")} />
          <dl className="space-y-2 text-sm text-stone-700">
            {guide.columns.map((column) => (
              <div key={column.id}>
                <dt className="font-semibold text-stone-900">{column.label}</dt>
                <dd>{column.how}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </div>
  );
}

/** A simple figure with where the tape goes: chest, waist, hips, inside leg; or a foot. */
function MeasureDrawing({ foot }: { foot: boolean }) {
  const line = "stroke-accent-700";
  return foot ? (
    <svg viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" className="shrink-0">
      <path
        d="M15 55 C15 35 40 30 70 32 C95 33 108 40 108 50 C108 60 95 64 70 64 C45 64 15 70 15 55 Z"
        className="fill-stone-100 stroke-stone-500"
        strokeWidth="2"
      />
      <line x1="15" y1="74" x2="108" y2="74" className={line} strokeWidth="2" />
      <line x1="15" y1="69" x2="15" y2="79" className={line} strokeWidth="2" />
      <line x1="108" y1="69" x2="108" y2="79" className={line} strokeWidth="2" />
    </svg>
  ) : (
    <svg viewBox="0 0 100 180" width="100" height="180" aria-hidden="true" className="shrink-0">
      <circle cx="50" cy="18" r="12" className="fill-stone-100 stroke-stone-500" strokeWidth="2" />
      <path
        d="M30 36 H70 L74 100 H26 Z M28 100 H48 L46 172 H32 Z M52 100 H72 L68 172 H54 Z"
        className="fill-stone-100 stroke-stone-500"
        strokeWidth="2"
      />
      <line
        x1="24"
        y1="50"
        x2="76"
        y2="50"
        className={line}
        strokeWidth="2"
        strokeDasharray="4 2"
      />
      <line
        x1="26"
        y1="70"
        x2="74"
        y2="70"
        className={line}
        strokeWidth="2"
        strokeDasharray="4 2"
      />
      <line
        x1="24"
        y1="92"
        x2="76"
        y2="92"
        className={line}
        strokeWidth="2"
        strokeDasharray="4 2"
      />
      <line x1="50" y1="102" x2="50" y2="172" className={line} strokeWidth="2" />
    </svg>
  );
}
