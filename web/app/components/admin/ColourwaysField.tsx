import { colourOf, MAX_COLOURS, PALETTE } from "@shop/core/catalog";
import { type MouseEvent, useState } from "react";
import { inputClass } from "../Field";
import { ReorderButtons, type ReorderOperation, useFocusAfterMove } from "./ReorderButtons";

/** A colourway as the form holds it: a stable id of the page's own, and its palette colour. */
export interface ColourwayEntry {
  id: string;
  colour: string;
}

const buttonClass =
  "min-h-10 rounded-md border border-stone-300 px-3 text-sm font-medium text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40";

/** "Navy", or the id as it was sent (a colour the form refused). */
export const colourName = (id: string) => colourOf(id)?.name ?? id;

/**
 * The product's colourways, in the order the shop shows them (docs/product.md §10 "Products"):
 * each a select of the palette ("Colour {n}": choosing another colour renames it) with "Up",
 * "Down" and "Remove", then "Add a colour" and its button. With JavaScript the page applies the
 * buttons at once (the list is its parent's state, so nothing typed elsewhere is lost); without
 * it they submit, and the server answers with the form as it then stands.
 */
export function ColourwaysField({
  colourways,
  onChange,
  error,
  addError,
}: {
  colourways: readonly ColourwayEntry[];
  onChange: (next: ColourwayEntry[], announcement: string) => void;
  error?: string;
  addError?: string;
}) {
  const [adding, setAdding] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  // After a move the focus follows the colourway (onto the other button at either end).
  const focusAfter = useFocusAfterMove("colour");

  const apply = (event: MouseEvent, index: number, op: ReorderOperation) => {
    event.preventDefault();
    const entry = colourways[index];
    if (!entry) return;
    const next = [...colourways];
    if (op === "remove") {
      next.splice(index, 1);
      const after = next[index] ?? next[index - 1];
      if (after) focusAfter(after.id, "remove");
      else document.getElementById("newColour")?.focus();
      onChange(next, `${colourName(entry.colour)} removed; its photos go to the first colour`);
      return;
    }
    const other = op === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= next.length) return;
    [next[index], next[other]] = [next[other] as ColourwayEntry, entry];
    focusAfter(entry.id, op);
    onChange(next, `${colourName(entry.colour)} moved to position ${other + 1} of ${next.length}`);
  };

  const add = (event: MouseEvent) => {
    event.preventDefault();
    if (!colourOf(adding)) {
      setLocalError("Choose a colour to add");
      return;
    }
    setLocalError(null);
    onChange(
      [...colourways, { id: `colourway-${Date.now()}-${colourways.length}`, colour: adding }],
      `${colourName(adding)} added`,
    );
    setAdding("");
  };

  const chosen = new Set(colourways.map((entry) => entry.colour));
  const shownAddError = localError ?? addError;
  return (
    <fieldset aria-describedby={`colours-hint${error ? " colours-error" : ""}`}>
      <legend className="text-sm font-medium text-stone-800">Colours</legend>
      <p id="colours-hint" className="mt-1 text-xs text-stone-500">
        In the order the shop shows them; each needs at least one photo below. Choosing another
        colour renames it.
      </p>
      {colourways.length > 0 ? (
        <ol aria-label="Colours" className="mt-3 grid gap-2">
          {colourways.map((entry, i) => {
            const position = i + 1;
            const name = colourName(entry.colour);
            return (
              <li
                key={entry.id}
                data-testid="colourway"
                className="grid gap-2 rounded-lg border border-stone-200 p-3 sm:grid-cols-[1fr_auto] sm:items-end"
              >
                <div className="flex items-end gap-3">
                  <span
                    aria-hidden="true"
                    className="mb-2 size-6 shrink-0 rounded-full border border-stone-300"
                    style={{ backgroundColor: colourOf(entry.colour)?.swatch ?? "#fff" }}
                  />
                  <div className="grow">
                    <label
                      htmlFor={`colour-${entry.id}`}
                      className="block text-sm font-medium text-stone-800"
                    >
                      Colour {position}
                    </label>
                    <select
                      id={`colour-${entry.id}`}
                      name="colours"
                      value={entry.colour}
                      aria-invalid={error ? true : undefined}
                      onChange={(event) => {
                        const colour = event.target.value;
                        onChange(
                          colourways.map((e) => (e.id === entry.id ? { ...e, colour } : e)),
                          `Colour ${position} is now ${colourName(colour)}`,
                        );
                      }}
                      className={inputClass}
                    >
                      {PALETTE.some((p) => p.id === entry.colour) ? null : (
                        <option value={entry.colour}>{name} (choose a colour)</option>
                      )}
                      {PALETTE.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <ReorderButtons
                  prefix="colour"
                  id={entry.id}
                  index={i}
                  count={colourways.length}
                  label={name}
                  onApply={(event, op) => apply(event, i, op)}
                />
              </li>
            );
          })}
        </ol>
      ) : null}
      {error ? (
        <p id="colours-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {colourways.length < MAX_COLOURS ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="grow sm:max-w-xs">
            <label htmlFor="newColour" className="block text-sm font-medium text-stone-800">
              Add a colour
            </label>
            <select
              id="newColour"
              name="newColour"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
              aria-invalid={shownAddError ? true : undefined}
              aria-describedby={shownAddError ? "newColour-error" : undefined}
              className={inputClass}
            >
              <option value="">Choose…</option>
              {PALETTE.filter((p) => !chosen.has(p.id)).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            name="intent"
            value="colour-add"
            onClick={add}
            className={buttonClass}
          >
            Add colour
          </button>
          {shownAddError ? (
            <p id="newColour-error" className="w-full text-sm text-red-700">
              {shownAddError}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
