// "Size guide" beside the size picker (docs/product.md §2 "Size guide"): a link to the guide's own
// page (which is what it is without JavaScript); in the browser it opens the guide in a dialog
// whose code and data load only then (./SizeGuideDialog.tsx).
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { sizeGuideHref } from "../lib/size-guide";

const Dialog = import.meta.env.SSR
  ? null
  : lazy(() => import("./SizeGuideDialog").then((module) => ({ default: module.SizeGuideDialog })));

export function SizeGuideLink({
  slug,
  productName,
  size,
}: {
  slug: string;
  productName: string;
  size: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    link.current?.focus();
  }, []);
  return (
    <>
      <a
        ref={link}
        href={sizeGuideHref(slug, size)}
        aria-haspopup="dialog"
        onClick={(event) => {
          // A new tab or window is the page's own.
          if (!Dialog || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
            return;
          event.preventDefault();
          setOpen(true);
        }}
        className="rounded text-sm font-medium text-accent-700 underline hover:text-accent-800"
      >
        Size guide
      </a>
      {open && Dialog ? (
        <Suspense fallback={null}>
          <Dialog slug={slug} productName={productName} size={size} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
