import { useId } from "react";

/** An on/off switch with a visible label and the current state in words (e.g. "USD"). */
export function UserSwitch({
  label,
  checked,
  onChange,
  stateText,
  disabled = false,
  note,
}: {
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  stateText: string;
  disabled?: boolean;
  note?: string;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        <div className="flex items-center gap-3">
          <span className="text-sm text-stone-600" aria-hidden="true">
            {stateText}
          </span>
          <button
            id={id}
            type="button"
            role="switch"
            aria-checked={checked}
            aria-describedby={note ? `${id}-note` : undefined}
            disabled={disabled}
            onClick={() => onChange?.(!checked)}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:opacity-50 ${
              checked ? "bg-accent-600" : "bg-stone-300"
            }`}
          >
            <span
              aria-hidden="true"
              className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
                checked ? "translate-x-5" : "translate-x-0.5"
              }`}
            />
          </button>
        </div>
      </div>
      {note ? (
        <p id={`${id}-note`} className="mt-1 text-xs text-stone-500">
          {note}
        </p>
      ) : null}
    </div>
  );
}
