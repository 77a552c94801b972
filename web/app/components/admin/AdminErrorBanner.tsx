import { useEffect, useRef } from "react";

/**
 * An admin service's error (docs/product.md §8): a banner titled "error" with the server's message,
 * scrolled into view (and focused, so screen readers and keyboard users land on it).
 */
export function AdminErrorBanner({ message }: { message: string | null | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message || !ref.current) return;
    ref.current.scrollIntoView({ block: "start", behavior: "smooth" });
    ref.current.focus({ preventScroll: true });
  }, [message]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      aria-labelledby="admin-error-title"
      className="mb-6 scroll-mt-24 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-red-600"
    >
      <h2 id="admin-error-title" className="font-semibold">
        error
      </h2>
      <p className="mt-1 text-sm">{message}</p>
    </div>
  );
}

/** The banner's message in an action's answer (a refusal made by refuseAdminChange), if any. */
export function bannerOf(answer: object | undefined): string | undefined {
  return answer && "banner" in answer && typeof answer.banner === "string"
    ? answer.banner
    : undefined;
}
