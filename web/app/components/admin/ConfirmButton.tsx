import { Form, useNavigation } from "@remix-run/react";
import { type ReactNode, useId, useRef } from "react";
import { useHydrated } from "../useHydrated";

interface ConfirmButtonProps {
  /** The button's text, e.g. "Delete". */
  label: string;
  /** The question in the dialog, e.g. `Delete "Linen shirt"?`. */
  question: string;
  /** What happens, e.g. "This cannot be undone." */
  detail?: ReactNode;
  /** Where the form posts (default: the current route). */
  action?: string;
  /** Hidden fields sent with the confirmation (e.g. intent and id). */
  fields: Record<string, string>;
  className?: string;
}

const DEFAULT_BUTTON_CLASS =
  "rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700";
const CONFIRM_CLASS =
  "rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800";

/**
 * A destructive action behind a confirmation: the button opens a modal dialog (Escape or
 * Cancel closes it, focus returns to the button); only its confirm button submits the form.
 * Before hydration (or without JavaScript) it is a disclosure: the label opens the question and
 * its confirm button in place.
 */
export function ConfirmButton({
  label,
  question,
  detail,
  action,
  fields,
  className,
}: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting =
    navigation.state !== "idle" &&
    navigation.formData !== undefined &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);
  const hiddenFields = Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  if (!hydrated) {
    return (
      <details className="inline-block align-top">
        <summary
          className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${className ?? DEFAULT_BUTTON_CLASS}`}
        >
          {label}
        </summary>
        <div className="mt-2 max-w-xs rounded-lg border border-stone-200 bg-white p-4 text-left shadow-lg">
          <p className="font-semibold text-stone-900">{question}</p>
          {detail ? <div className="mt-1 text-sm text-stone-600">{detail}</div> : null}
          <Form method="post" action={action} className="mt-3 flex justify-end">
            {hiddenFields}
            <button type="submit" className={CONFIRM_CLASS}>
              {label}
            </button>
          </Form>
        </div>
      </details>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className ?? DEFAULT_BUTTON_CLASS}
        onClick={() => dialog.current?.showModal()}
        disabled={submitting}
      >
        {submitting ? `${label}…` : label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-black/40"
      >
        <h2 id={titleId} className="text-lg font-semibold text-stone-900">
          {question}
        </h2>
        {/* showModal() focuses the first button: Cancel, the safe choice. */}
        {detail ? <div className="mt-2 text-sm text-stone-600">{detail}</div> : null}
        <Form
          method="post"
          action={action}
          className="mt-6 flex justify-end gap-3"
          onSubmit={() => dialog.current?.close()}
        >
          {hiddenFields}
          <button
            type="button"
            className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50"
            onClick={() => dialog.current?.close()}
          >
            Cancel
          </button>
          <button type="submit" className={CONFIRM_CLASS}>
            {label}
          </button>
        </Form>
      </dialog>
    </>
  );
}
