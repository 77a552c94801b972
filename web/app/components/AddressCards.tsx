import { Form, Link } from "@remix-run/react";
import type { SavedAddress } from "@shop/core/server/accounts";

/** Below 640 px the list shows 2 addresses a page with Previous and Next (docs/product.md §9). */
export const ADDRESSES_PER_MOBILE_PAGE = 2;

type Address = Omit<SavedAddress, "createdAt" | "user">;

const query = (params: Record<string, string | number | null>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) search.set(k, String(v));
  return `?${search}`;
};

export function AddressCards({
  addresses,
  selectedId,
  page,
  pageCount,
}: {
  addresses: Address[];
  selectedId: string | null;
  page: number;
  pageCount: number;
}) {
  const first = (page - 1) * ADDRESSES_PER_MOBILE_PAGE;
  const onPage = (index: number) => index >= first && index < first + ADDRESSES_PER_MOBILE_PAGE;
  return (
    <div>
      <ul aria-label="Saved addresses" className="grid gap-4 sm:grid-cols-2">
        {addresses.map((address, index) => (
          <li key={address.id} className={onPage(index) ? "" : "max-sm:hidden"}>
            <AddressCard address={address} selected={address.id === selectedId} page={page} />
          </li>
        ))}
        <li>
          <Link
            to={query({ new: "", page })}
            preventScrollReset
            aria-current={selectedId === null ? "true" : undefined}
            className={`flex h-full min-h-32 items-center justify-center rounded-xl border-2 border-dashed p-4 text-sm font-semibold ${
              selectedId === null
                ? "border-accent-600 text-accent-700"
                : "border-stone-300 text-stone-700 hover:border-stone-400"
            }`}
          >
            Add a new address
          </Link>
        </li>
      </ul>
      {pageCount > 1 ? (
        <nav
          aria-label="Address pages"
          className="mt-4 flex items-center justify-between sm:hidden"
        >
          <PageLink to={query({ id: selectedId, page: page - 1 })} disabled={page <= 1}>
            Previous
          </PageLink>
          <span className="text-sm text-stone-600">
            Page {page} of {pageCount}
          </span>
          <PageLink to={query({ id: selectedId, page: page + 1 })} disabled={page >= pageCount}>
            Next
          </PageLink>
        </nav>
      ) : null}
    </div>
  );
}

function PageLink({ to, disabled, children }: { to: string; disabled: boolean; children: string }) {
  const className =
    "rounded-full border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800";
  if (disabled) {
    return (
      <span aria-disabled="true" className={`${className} opacity-40`}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} preventScrollReset className={`${className} hover:bg-stone-50`}>
      {children}
    </Link>
  );
}

function AddressCard({
  address,
  selected,
  page,
}: {
  address: Address;
  selected: boolean;
  page: number;
}) {
  const line = [address.address, address.apartment].filter(Boolean).join(", ");
  return (
    <div
      className={`relative h-full rounded-xl border p-4 ${
        selected ? "border-accent-600 ring-1 ring-accent-600" : "border-stone-200"
      }`}
    >
      <Link
        to={query({ id: address.id, page })}
        preventScrollReset
        aria-current={selected ? "true" : undefined}
        className="block pr-10 text-sm text-stone-700 after:absolute after:inset-0"
      >
        <span className="block font-semibold text-stone-900">{address.country}</span>
        {address.company ? <span className="block">{address.company}</span> : null}
        <span className="block">{line}</span>
        <span className="block">
          {address.city} {address.zipCode}
        </span>
        <span className="block">{address.phone}</span>
      </Link>
      <Form method="post" className="absolute top-3 right-3 z-10">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={address.id} />
        <button
          type="submit"
          className="grid size-8 place-items-center rounded-full text-stone-500 hover:bg-red-50 hover:text-red-700"
        >
          <TrashIcon />
          <span className="sr-only">Delete address {line}</span>
        </button>
      </Form>
    </div>
  );
}

function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      className="size-5"
      aria-hidden="true"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
