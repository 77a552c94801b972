/** Placeholder lines and summary while the cart's current prices load. */
export function CartSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <div className="lg:grid lg:grid-cols-12 lg:items-start lg:gap-x-12">
      <p role="status" className="sr-only">
        Loading your cart…
      </p>
      <ul
        aria-hidden="true"
        className="divide-y divide-stone-200 border-y border-stone-200 lg:col-span-7"
      >
        {Array.from({ length: Math.max(1, Math.min(lines, 4)) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={i} className="flex gap-4 py-6 sm:gap-6">
            <div className="aspect-[4/5] w-24 shrink-0 animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none sm:w-32" />
            <div className="flex flex-1 flex-col gap-3 pt-1">
              <div className="h-4 w-2/3 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
              <div className="h-3 w-1/4 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
              <div className="h-3 w-1/5 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
            </div>
          </li>
        ))}
      </ul>
      <div
        aria-hidden="true"
        className="mt-10 h-72 animate-pulse rounded-lg bg-stone-100 motion-reduce:animate-none lg:col-span-5 lg:mt-0"
      />
    </div>
  );
}
