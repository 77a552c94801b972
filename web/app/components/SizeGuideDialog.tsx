// The size guide in a modal <dialog> on the product page (docs/product.md §2 "Size guide"): a chunk
// of its own, loaded with the guide's data (the guide page's loader) only when "Size guide" is
// pressed, so the product page carries neither (docs/decisions/044-fit-feedback.md). Escape or
// "Close" closes it and focus goes back to the link.
import { useFetcher } from "@remix-run/react";
import type { Unit } from "@shop/core/catalog";
import { useEffect, useRef } from "react";
import { sizeGuideHref } from "../lib/size-guide";
import type { loader } from "../routes/product.$slug_.size-guide";
import { secondaryButtonClass } from "./AuthField";
import { SizeGuideTable } from "./SizeGuideTable";

export function SizeGuideDialog({
  slug,
  productName,
  size,
  onClose,
}: {
  slug: string;
  productName: string;
  size: string | undefined;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof loader>();
  const load = fetcher.load;

  useEffect(() => {
    load(sizeGuideHref(slug, size));
  }, [load, slug, size]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const onDialogClose = () => onClose();
    dialog.addEventListener("close", onDialogClose);
    return () => dialog.removeEventListener("close", onDialogClose);
  }, [onClose]);

  const guide = fetcher.data?.guide;
  const showUnit = (unit: Unit) => load(sizeGuideHref(slug, size, unit));
  return (
    <dialog
      ref={ref}
      aria-labelledby="size-guide-title"
      className="fixed inset-0 z-50 m-auto max-h-[calc(100%-2rem)] w-[min(40rem,calc(100%-2rem))] overflow-y-auto rounded-xl bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="size-guide-title" className="text-xl font-semibold tracking-tight">
          Size guide
        </h2>
        <button type="button" onClick={() => ref.current?.close()} className={secondaryButtonClass}>
          Close
        </button>
      </div>
      <p className="mt-1 text-sm text-stone-600">{productName}</p>
      <div className="mt-4" aria-busy={!guide}>
        {guide ? (
          <SizeGuideTable
            guide={guide}
            productName={productName}
            chosen={fetcher.data?.chosen ?? null}
            unitHref={(unit) => sizeGuideHref(slug, size, unit)}
            onUnit={showUnit}
            headingId="size-guide-dialog"
          />
        ) : (
          <p className="text-sm text-stone-600">Loading the size guide…</p>
        )}
      </div>
      <p className="mt-6 text-sm">
        <a
          href={sizeGuideHref(slug, size)}
          className="text-accent-700 underline hover:text-accent-800"
        >
          Open the size guide as a page
        </a>
      </p>
    </dialog>
  );
}
