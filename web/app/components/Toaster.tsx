import { useEffect } from "react";
import { dismissToast, showToast, TOAST_DURATION_MS, type Toast, useToasts } from "../lib/toast";

/** Shows toasts in a live region; `flash` is the toast the server sent with this page. */
export function Toaster({ flash }: { flash: Toast | null }) {
  const toasts = useToasts();
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
  // Rendered by the server too, so a flash toast shows without JavaScript.
  const shown = toasts.length > 0 ? toasts : flash ? [flash] : [];
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-[70] flex flex-col items-center gap-2 px-3 sm:top-auto sm:right-4 sm:bottom-4 sm:left-auto sm:items-end"
    >
      {shown.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS[toast.type]);
    return () => clearTimeout(timer);
  }, [toast.id, toast.type]);
  const error = toast.type === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white p-4 shadow-lg ${
        error ? "border-red-300" : "border-emerald-300"
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-1 h-2.5 w-2.5 shrink-0 rounded-full ${error ? "bg-red-600" : "bg-emerald-600"}`}
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">{toast.title}</p>
        {toast.description ? (
          <p className="mt-0.5 text-sm text-stone-600">{toast.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="-m-1 rounded p-1 text-stone-500 hover:text-stone-900"
        aria-label="Close notification"
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
