// Size guides (docs/product.md §9 "Size guides"): for each size scale, the garment it sizes and
// the body measurements of each of its sizes, in centimetres (inches on request), with a short
// "how to measure". The scale is the product's type as far as fit goes: adult letters size tops
// and dresses, waist in inches jeans and trousers, kids by age and baby by months children's
// clothes, socks by EU shoe size socks, and "One size" what fits most adults. The numbers below
// are the shop's defaults; the admin may replace a scale's (./size-guides.server.ts keeps them).
// Browser-safe; the storefront's product page does not load it (the guide's own page renders it).
import * as v from "valibot";
import { SCALE_TAGS, type SizeScaleId, type SizeTag } from "./size-tags.ts";
import type { SizeOption } from "./sizes.ts";

export const MEASUREMENTS = ["height", "chest", "waist", "hips", "insideLeg", "foot"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

/** Each measurement's column heading and its "how to measure". */
export const MEASUREMENT_INFO: Readonly<Record<Measurement, { label: string; how: string }>> = {
  height: {
    label: "Height",
    how: "Stand straight against a wall, barefoot, heels together; measure from the floor to the top of the head.",
  },
  chest: {
    label: "Chest",
    how: "Measure around the fullest part of the chest, under the arms, keeping the tape level.",
  },
  waist: {
    label: "Waist",
    how: "Measure around the natural waist, the narrowest part of the body, above the belly button.",
  },
  hips: {
    label: "Hips",
    how: "Stand with your feet together and measure around the widest part of the hips.",
  },
  insideLeg: {
    label: "Inside leg",
    how: "Measure from the top of the inside of the leg down to the floor, barefoot.",
  },
  foot: {
    label: "Foot length",
    how: "Stand on a sheet of paper, mark the heel and the longest toe, and measure between the marks.",
  },
};

/** A body measurement: from … to, in centimetres (equal ends: one figure). */
export type Range = readonly [number, number];

export interface SizeGuide {
  scale: SizeScaleId;
  /** What it sizes: "Tops, dresses and jackets". */
  garment: string;
  /** The columns, in order. */
  measurements: readonly Measurement[];
  /** Each size's ranges, by tag, for every measurement of the guide. */
  sizes: Readonly<Record<SizeTag, Readonly<Partial<Record<Measurement, Range>>>>>;
}

export const GUIDE_GARMENTS: Readonly<Record<SizeScaleId, string>> = {
  adult: "Tops, dresses and jackets",
  waist: "Jeans and trousers",
  kids: "Kids' clothes, by age",
  baby: "Baby clothes, by months",
  socks: "Socks, by EU shoe size",
  "one-size": "One-size pieces",
};

export const GUIDE_MEASUREMENTS: Readonly<Record<SizeScaleId, readonly Measurement[]>> = {
  adult: ["chest", "waist", "hips"],
  waist: ["waist", "hips", "insideLeg"],
  kids: ["height", "chest", "waist"],
  baby: ["height", "chest"],
  socks: ["foot"],
  "one-size": ["height"],
};

const around = (cm: number, spread: number): Range => [cm - spread, cm + spread];
const half = (n: number) => Math.round(n * 2) / 2;

/** The kids' and babies' heights (EN 13402), as the sizes' names print them. */
const KID_HEIGHTS = [98, 104, 110, 116, 122, 128, 134, 140, 146, 152, 158, 164];
const BABY_HEIGHTS = [50, 56, 62, 68, 74, 80, 86, 92];
const ADULT = {
  chest: [88, 96, 104, 112, 120, 128],
  waist: [72, 80, 88, 96, 104, 112],
  hips: [90, 98, 106, 114, 122, 130],
};

function scaleRows(
  scale: SizeScaleId,
  row: (index: number, tag: SizeTag) => Partial<Record<Measurement, Range>>,
) {
  return Object.fromEntries(SCALE_TAGS[scale].map((tag, index) => [tag, row(index, tag)]));
}

/** The shop's own guides: every size of every scale measured (size-guides.test.ts). */
export const DEFAULT_SIZE_GUIDES: Readonly<Record<SizeScaleId, SizeGuide>> = {
  adult: {
    scale: "adult",
    garment: GUIDE_GARMENTS.adult,
    measurements: GUIDE_MEASUREMENTS.adult,
    sizes: scaleRows("adult", (i) => ({
      chest: [ADULT.chest[i] ?? 0, ADULT.chest[i + 1] ?? 0],
      waist: [ADULT.waist[i] ?? 0, ADULT.waist[i + 1] ?? 0],
      hips: [ADULT.hips[i] ?? 0, ADULT.hips[i + 1] ?? 0],
    })),
  },
  waist: {
    scale: "waist",
    garment: GUIDE_GARMENTS.waist,
    measurements: GUIDE_MEASUREMENTS.waist,
    sizes: scaleRows("waist", (_, tag) => {
      const cm = Math.round(Number(tag.slice(1)) * 2.54);
      return { waist: around(cm, 1), hips: around(cm + 20, 2), insideLeg: [78, 84] };
    }),
  },
  kids: {
    scale: "kids",
    garment: GUIDE_GARMENTS.kids,
    measurements: GUIDE_MEASUREMENTS.kids,
    sizes: scaleRows("kids", (i) => {
      const height = KID_HEIGHTS[i] ?? 0;
      return {
        height: around(height, 3),
        chest: around(Math.round(52 + (height - 98) * 0.4), 2),
        waist: around(Math.round(51 + (height - 98) * 0.2), 2),
      };
    }),
  },
  baby: {
    scale: "baby",
    garment: GUIDE_GARMENTS.baby,
    measurements: GUIDE_MEASUREMENTS.baby,
    sizes: scaleRows("baby", (i) => {
      const height = BABY_HEIGHTS[i] ?? 0;
      return {
        height: around(height, 3),
        chest: around(Math.round(36 + (height - 50) * 0.35), 1),
      };
    }),
  },
  socks: {
    scale: "socks",
    garment: GUIDE_GARMENTS.socks,
    measurements: GUIDE_MEASUREMENTS.socks,
    // EU shoe size = 1.5 × (foot length in cm + 1.5).
    sizes: scaleRows("socks", (_, tag) => {
      const [from, to] = tag.split("-").map(Number);
      return { foot: [half((from ?? 0) / 1.5 - 1.5), half((to ?? 0) / 1.5 - 1.5)] };
    }),
  },
  "one-size": {
    scale: "one-size",
    garment: GUIDE_GARMENTS["one-size"],
    measurements: GUIDE_MEASUREMENTS["one-size"],
    sizes: { OS: { height: [155, 195] } },
  },
};

// ─── Units ──────────────────────────────────────────────────────────────────────────────────

export const UNITS = ["cm", "in"] as const;
export type Unit = (typeof UNITS)[number];
/** The guide's query parameter for inches: `?unit=in`. */
export const UNIT_PARAM = "unit";

export function unitOf(value: string | null | undefined): Unit {
  return value === "in" ? "in" : "cm";
}

/** Centimetres to inches, to the nearest half inch. */
export function cmToInches(cm: number): number {
  return half(cm / 2.54);
}

function figure(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** "88–96 cm", "34.5–38 in"; one figure when both ends are the same. */
export function formatRange(range: Range, unit: Unit): string {
  const [from, to] = unit === "in" ? range.map(cmToInches) : range;
  const text = from === to ? figure(from ?? 0) : `${figure(from ?? 0)}\u2013${figure(to ?? 0)}`;
  return `${text} ${unit}`;
}

// ─── Checks and the admin's form ────────────────────────────────────────────────────────────

/** The sizes of a scale that lack a measurement of its guide (none in a complete guide). */
export function missingMeasurements(
  guide: SizeGuide,
): { size: SizeTag; measurement: Measurement }[] {
  return SCALE_TAGS[guide.scale].flatMap((size) =>
    guide.measurements
      .filter((measurement) => !isRange(guide.sizes[size]?.[measurement]))
      .map((measurement) => ({ size, measurement })),
  );
}

function isRange(value: unknown): value is Range {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => typeof n === "number" && Number.isFinite(n) && n > 0) &&
    value[0] <= value[1]
  );
}

/** The admin form's field of one size's measurement: "M.chest". */
export const guideField = (size: SizeTag, measurement: Measurement) => `${size}.${measurement}`;

/** What the admin's field shows: "88-96", or "88" for one figure. */
export function rangeInput(range: Range | undefined): string {
  if (!range) return "";
  return range[0] === range[1] ? figure(range[0]) : `${figure(range[0])}-${figure(range[1])}`;
}

export const RANGE_MESSAGE =
  "Enter centimetres as a number or a range, like 88-96 (from 1 to 300, the smaller first)";
const MAX_CM = 300;
const RANGE_PATTERN = /^(\d{1,3}(?:[.,]\d)?)\s*(?:[-\u2013]\s*(\d{1,3}(?:[.,]\d)?))?$/;

/** One field of the admin's form: "88-96", "88–96", "12.5" → a range in cm. */
export const RangeSchema = v.pipe(
  v.string(RANGE_MESSAGE),
  v.trim(),
  v.regex(RANGE_PATTERN, RANGE_MESSAGE),
  v.transform((text): Range => {
    const [, from = "", to] = RANGE_PATTERN.exec(text) ?? [];
    const a = Number(from.replace(",", "."));
    const b = to === undefined ? a : Number(to.replace(",", "."));
    return [a, b];
  }),
  v.check(([a, b]) => a > 0 && a <= b && b <= MAX_CM, RANGE_MESSAGE),
);

/**
 * The admin's form for one scale's guide: every size's every measurement. The guide, or each
 * wrong field with its message (nothing is stored then).
 */
export function parseGuideForm(
  scale: SizeScaleId,
  form: Readonly<Record<string, unknown>>,
): { ok: true; guide: SizeGuide } | { ok: false; fieldErrors: Record<string, string> } {
  const measurements = GUIDE_MEASUREMENTS[scale];
  const sizes: Record<SizeTag, Partial<Record<Measurement, Range>>> = {};
  const fieldErrors: Record<string, string> = {};
  for (const size of SCALE_TAGS[scale]) {
    const row: Partial<Record<Measurement, Range>> = {};
    for (const measurement of measurements) {
      const name = guideField(size, measurement);
      const parsed = v.safeParse(RangeSchema, form[name] ?? "");
      if (parsed.success) row[measurement] = parsed.output;
      else fieldErrors[name] = RANGE_MESSAGE;
    }
    sizes[size] = row;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, guide: { scale, garment: GUIDE_GARMENTS[scale], measurements, sizes } };
}

/** A stored guide's sizes, read back: a size or measurement missing or wrong takes the default's. */
export function guideFromStored(scale: SizeScaleId, stored: unknown): SizeGuide {
  const fallback = DEFAULT_SIZE_GUIDES[scale];
  if (!stored || typeof stored !== "object") return fallback;
  const rows = stored as Record<string, Record<string, unknown> | undefined>;
  const sizes = Object.fromEntries(
    SCALE_TAGS[scale].map((size) => [
      size,
      Object.fromEntries(
        fallback.measurements.map((m) => {
          const value = rows[size]?.[m];
          return [m, isRange(value) ? ([value[0], value[1]] as Range) : fallback.sizes[size]?.[m]];
        }),
      ),
    ]),
  );
  return { ...fallback, sizes };
}

// ─── What a page shows ──────────────────────────────────────────────────────────────────────

export interface SizeGuideView {
  scale: SizeScaleId;
  garment: string;
  unit: Unit;
  /** The table's columns after the size: heading and "how to measure". */
  columns: { id: Measurement; label: string; how: string }[];
  /** One row per size shown, its cells formatted in the unit ("88–96 cm"). */
  rows: { tag: SizeTag; label: string; name: string; cells: string[] }[];
}

/** The guide's table for these sizes (a product's), in centimetres or inches. */
export function sizeGuideView(
  guide: SizeGuide,
  sizes: readonly SizeOption[],
  unit: Unit,
): SizeGuideView {
  return {
    scale: guide.scale,
    garment: guide.garment,
    unit,
    columns: guide.measurements.map((id) => ({ id, ...MEASUREMENT_INFO[id] })),
    rows: sizes.map(({ tag, label, name }) => ({
      tag,
      label,
      name,
      cells: guide.measurements.map((m) => {
        const range = guide.sizes[tag]?.[m];
        return range ? formatRange(range, unit) : "–";
      }),
    })),
  };
}
