// Building blocks of the account screens and the shop's forms: the card the auth screens sit in,
// a message above a form, the buttons. Every labelled field is ./Field.tsx
// (docs/decisions/015-forms.md).
import type { ReactNode } from "react";
import { inputClass } from "./Field";

// The button classes live in ./buttons.ts, so a page that only needs them (the product page)
// loads neither these components nor ./Field.tsx.
export { primaryButtonClass, secondaryButtonClass } from "./buttons";
export { inputClass };

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
