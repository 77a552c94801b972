// The search box of the admin's lists (customers, orders): a plain GET form, so the search lives
// in the URL, works without JavaScript and can be bookmarked; "Searching…" while the list loads,
// "Clear" back to the whole list, the server's refusal under the field. Other fields (the
// orders' state) go in as children, between the box and the buttons.
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** A text field or select of an admin search form. */
export const searchFieldClass =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20 aria-[invalid=true]:border-red-600";

export function AdminSearchForm({
  list,
  path,
  label,
  value,
  placeholder,
  maxLength,
  error,
  hint,
  filtered,
  gridClassName = "sm:grid-cols-[1fr_auto]",
  children,
}: {
  /** The list's name ("Customers"): the form's accessible name, and its ids' prefix. */
  list: string;
  /** The list's path: where Clear goes, and whose loading is "Searching…". */
  path: string;
  label: string;
  /** The search as the list shows it. */
  value: string;
  placeholder: string;
  maxLength: number;
  /** The server's refusal of the search. */
  error: string | null;
  /** Said to screen readers when there is no error. */
  hint?: string;
  /** Whether anything narrows the list (shows "Clear"). */
  filtered: boolean;
  /** The grid's columns: one per field, then the buttons. */
  gridClassName?: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === path;
  const id = `${list.toLowerCase()}-q`;
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Form
      method="get"
      role="search"
      aria-label={list}
      className={`mt-4 grid gap-3 ${gridClassName} sm:items-end`}
    >
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={value}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={searchFieldClass}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : hint ? (
          <p id={`${id}-hint`} className="sr-only">
            {hint}
          </p>
        ) : null}
      </div>
      {children}
      <div className="flex gap-3">
        <button
          type="submit"
          className="rounded-md bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
        >
          {searching ? "Searching…" : "Search"}
        </button>
        {filtered ? (
          <Link to={path} className="self-center text-sm font-medium text-stone-700 underline">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
