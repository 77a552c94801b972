import { type MouseEvent, useEffect, useState } from "react";

/** What a list item's buttons do. */
export type ReorderOperation = "up" | "down" | "remove";

const buttonClass =
  "min-h-10 rounded-md border border-stone-300 px-3 text-sm font-medium text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40";

/** A button's id: "colour-up-<id>", "image-remove-<id>". */
const buttonId = (prefix: string, op: ReorderOperation, id: string) => `${prefix}-${op}-${id}`;

/**
 * After a move (or a removal) the focus follows the item: call the returned function with the
 * item's id and the button pressed; on the next render the focus goes to that item's button of
 * the same kind, or to the other move button when that one is disabled (at either end).
 */
export function useFocusAfterMove(prefix: string) {
  const [focus, setFocus] = useState<{ id: string; op: ReorderOperation } | null>(null);
  useEffect(() => {
    if (!focus) return;
    const button = document.getElementById(
      buttonId(prefix, focus.op, focus.id),
    ) as HTMLButtonElement | null;
    const other = document.getElementById(
      buttonId(prefix, focus.op === "up" ? "down" : "up", focus.id),
    ) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
    setFocus(null);
  }, [focus, prefix]);
  return (id: string, op: ReorderOperation) => setFocus({ id, op });
}

/**
 * An ordered item's "Up", "Down" and "Remove" (docs/product.md §10 "Products": the product
 * form's colours and images). Each is a submit button named "intent" with "<prefix>-<op>:<index>",
 * so that without JavaScript the server applies it and answers with the form as it then stands;
 * with it, `onApply` does it at once. Their names say what they move ("Move Navy up",
 * "Remove image 2").
 */
export function ReorderButtons({
  prefix,
  id,
  index,
  count,
  label,
  onApply,
  className = "flex flex-wrap gap-2",
}: {
  /** The list's word in ids and intents: "colour", "image". */
  prefix: string;
  /** The item's stable id on the page. */
  id: string;
  index: number;
  /** Items in the list. */
  count: number;
  /** The item as the buttons name it: "Navy", "image 2". */
  label: string;
  onApply: (event: MouseEvent, op: ReorderOperation) => void;
  className?: string;
}) {
  const button = (op: ReorderOperation, text: string, name: string, disabled = false) => (
    <button
      type="submit"
      id={buttonId(prefix, op, id)}
      name="intent"
      value={`${prefix}-${op}:${index}`}
      disabled={disabled}
      onClick={(event) => onApply(event, op)}
      aria-label={name}
      className={op === "remove" ? `${buttonClass} text-red-700` : buttonClass}
    >
      {text}
    </button>
  );
  return (
    <div className={className}>
      {button("up", "Up", `Move ${label} up`, index === 0)}
      {button("down", "Down", `Move ${label} down`, index === count - 1)}
      {button("remove", "Remove", `Remove ${label}`)}
    </div>
  );
}
