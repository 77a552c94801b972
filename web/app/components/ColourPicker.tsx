import { useHydrated } from "./useHydrated";

export interface PickerColour {
  id: string;
  name: string;
  swatch: string;
}

const swatchClass =
  "block size-9 rounded-full border border-stone-900/20 shadow-inner ring-2 ring-offset-2";

/**
 * The colour picker (docs/product.md §2 "Product page"): a swatch per colourway and the chosen
 * colour's name beside them ("Colour: Navy"), never colour alone. It works as plain HTML first:
 * until the page runs JavaScript each swatch is a link to the page on that colour (`?colour=`,
 * the size kept); then it is a radio group (Tab to it, arrow keys between colours) and
 * `onChoose` shows the colour at once.
 */
export function ColourPicker({
  colours,
  chosen,
  hrefOf,
  onChoose,
}: {
  colours: readonly PickerColour[];
  chosen: string;
  /** The page on this colour, for the links without JavaScript. */
  hrefOf: (colour: string) => string;
  onChoose: (colour: string) => void;
}) {
  const hydrated = useHydrated();
  const current = colours.find(({ id }) => id === chosen) ?? colours[0];
  const heading = (
    <>
      Colour: <span className="font-normal text-stone-700">{current?.name}</span>
    </>
  );

  if (!hydrated) {
    return (
      <nav aria-labelledby="colour-picker-heading" className="mt-8">
        <p id="colour-picker-heading" className="text-sm font-semibold text-stone-900">
          {heading}
        </p>
        <ul className="mt-3 flex flex-wrap gap-3">
          {colours.map(({ id, name, swatch }) => (
            <li key={id}>
              <a
                href={hrefOf(id)}
                aria-current={id === current?.id ? "true" : undefined}
                className="block rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-600"
              >
                <span
                  aria-hidden="true"
                  style={{ backgroundColor: swatch }}
                  className={`${swatchClass} ${id === current?.id ? "ring-stone-900" : "ring-transparent hover:ring-stone-300"}`}
                />
                <span className="sr-only">{name}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    );
  }

  return (
    <fieldset className="mt-8">
      <legend className="text-sm font-semibold text-stone-900">{heading}</legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {colours.map(({ id, name, swatch }) => (
          <label key={id} className="relative cursor-pointer" title={name}>
            <input
              type="radio"
              name="colour-choice"
              value={id}
              checked={id === current?.id}
              onChange={() => onChoose(id)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              style={{ backgroundColor: swatch }}
              className={`${swatchClass} peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-accent-600 ${id === current?.id ? "ring-stone-900" : "ring-transparent hover:ring-stone-300"}`}
            />
            <span className="sr-only">{name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
