import type { ReactNode } from "react";

/**
 * Text kept in its place while it loads: drawn as a grey bar, laid out as the real text, so the
 * line keeps its height and nothing moves when the text arrives.
 */
export function Ghost({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="animate-pulse rounded bg-stone-200 text-transparent motion-reduce:animate-none"
    >
      {children}
    </span>
  );
}
