// Size guides (docs/product.md §10 "Size guides"): each size scale's body measurements, which the
// product pages' size guide shows. The admin picks a scale (?scale=) and edits every size's every
// measurement in centimetres ("88-96", or one figure); a wrong field is refused with its message
// and nothing is stored. The rules are core's (catalog/size-guides.ts parseGuideForm).
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import {
  GUIDE_GARMENTS,
  guideField,
  isSizeScaleId,
  MEASUREMENT_INFO,
  parseGuideForm,
  rangeInput,
  SIZE_SCALE_IDS,
  SIZE_SCALES,
  type SizeScaleId,
} from "@shop/core/catalog";
import { getSizeGuide, saveSizeGuide } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { primaryButtonClass } from "../components/AuthField";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import { adminData, adminFormAction, adminPage, adminSuccess } from "../lib/admin.server";
import { adminTitle } from "../lib/title";
import { useActionAnswer } from "../lib/unavailable";

const scaleOf = (value: unknown): SizeScaleId => (isSizeScaleId(value) ? value : "adult");

export const loader = adminPage(async ({ request }) => {
  const scale = scaleOf(new URL(request.url).searchParams.get("scale"));
  const guide = await getSizeGuide(getContext(), scale);
  return {
    scale,
    measurements: guide.measurements.map((id) => ({ id, label: MEASUREMENT_INFO[id].label })),
    rows: SIZE_SCALES[scale].sizes.map((size) => ({
      tag: size.tag,
      label: size.label,
      name: size.name,
      values: Object.fromEntries(
        guide.measurements.map((m) => [
          guideField(size.tag, m),
          rangeInput(guide.sizes[size.tag]?.[m]),
        ]),
      ),
    })),
  };
});

export const action = adminFormAction(async (form) => {
  const scaleValue = form.get("scale");
  if (!isSizeScaleId(scaleValue)) {
    return adminData(
      { banner: "Choose a size scale", fieldErrors: { scale: "Choose a size scale" }, values: {} },
      400,
    );
  }
  const fields = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = parseGuideForm(scaleValue, fields);
  if (!parsed.ok) {
    return adminData(
      {
        banner: "Some measurements are not valid: see the fields marked below",
        fieldErrors: parsed.fieldErrors,
        values: fields,
      },
      400,
    );
  }
  await saveSizeGuide(getContext(), parsed.guide);
  return adminSuccess(
    `/admin/size-guides?scale=${scaleValue}`,
    `Size guide saved: ${SIZE_SCALES[scaleValue].name}`,
  );
});

export const meta: MetaFunction = () => adminTitle("Size guides");

export default function AdminSizeGuides() {
  const { scale, measurements, rows } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>() as
    | { banner?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }
    | undefined;
  const busy = useNavigation().state === "submitting";
  const errors = answer?.fieldErrors ?? {};
  return (
    <section aria-labelledby="size-guides-title">
      <AdminErrorBanner message={answer?.banner} />
      <h2 id="size-guides-title" className="text-xl font-semibold">
        Size guides
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Body measurements in centimetres for each size, as the product pages' size guide shows them
        (inches are worked out). Enter a range like 88-96, or one figure.
      </p>
      <nav aria-label="Size scales" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {SIZE_SCALE_IDS.map((id) => (
            <li key={id}>
              <Link
                to={`?scale=${id}`}
                aria-current={id === scale ? "page" : undefined}
                className={`block rounded-full border px-3 py-1.5 text-sm ${
                  id === scale
                    ? "border-stone-900 bg-stone-900 text-white"
                    : "border-stone-300 text-stone-700 hover:border-stone-500"
                }`}
              >
                {SIZE_SCALES[id].name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Saved (the stored values changed): the fields start again from them. */}
      <Form method="post" key={`${scale}:${JSON.stringify(rows)}`} className="mt-6">
        <input type="hidden" name="scale" value={scale} />
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left font-semibold">
              {GUIDE_GARMENTS[scale]} ({SIZE_SCALES[scale].name})
            </caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  Size
                </th>
                {measurements.map((m) => (
                  <th key={m.id} scope="col" className="py-2 pr-4">
                    {m.label} (cm)
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.tag} className="border-b border-stone-200 align-top">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {row.label}
                  </th>
                  {measurements.map((m) => {
                    const name = guideField(row.tag, m.id);
                    const error = errors[name];
                    return (
                      <td key={m.id} className="py-2 pr-4">
                        <input
                          name={name}
                          defaultValue={answer?.values?.[name] ?? row.values[name]}
                          aria-label={`${row.name}: ${m.label} in cm`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${name}-error` : undefined}
                          inputMode="decimal"
                          maxLength={20}
                          className="w-28 rounded-md border border-stone-300 px-2 py-1.5"
                        />
                        {error ? (
                          <p id={`${name}-error`} className="mt-1 max-w-40 text-xs text-red-700">
                            {error}
                          </p>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <button type="submit" disabled={busy} className={`${primaryButtonClass} mt-6`}>
          {busy ? "Saving…" : "Save size guide"}
        </button>
      </Form>
    </section>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../components/ErrorPage";
