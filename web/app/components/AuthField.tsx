// Building blocks of the account screens: the card the auth screens sit in, a message above a
// form, the buttons. AuthField, a labelled field wired by hand, is left for the checkout until it
// moves to Field (./Field.tsx, docs/decisions/015-forms.md), as every other form has.
import type { ReactNode } from "react";
import { inputClass } from "./Field";

export { inputClass };

export const primaryButtonClass =
  "inline-flex items-center justify-center rounded-full bg-stone-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:opacity-50";

export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-full border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600";

export function AuthField({
  label,
  name,
  error,
  type = "text",
  autoComplete,
  defaultValue,
  value,
  onChange,
  required = true,
  autoFocus,
  formId = "",
}: {
  label: string;
  name: string;
  error?: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  required?: boolean;
  autoFocus?: boolean;
  /** Makes ids unique when two forms on a page share field names. */
  formId?: string;
}) {
  const id = `${formId}${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={value === undefined ? defaultValue : undefined}
        value={value}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        required={required}
        // biome-ignore lint/a11y/noAutofocus: the modal's first field takes the focus on open.
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** A message above a form (e.g. why the sign-in screen was shown). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {children}
    </p>
  );
}
