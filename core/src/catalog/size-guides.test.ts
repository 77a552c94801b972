import { describe, expect, it } from "vitest";
import {
  cmToInches,
  DEFAULT_SIZE_GUIDES,
  formatRange,
  GUIDE_MEASUREMENTS,
  guideField,
  guideFromStored,
  missingMeasurements,
  parseGuideForm,
  RANGE_MESSAGE,
  rangeInput,
  unitOf,
} from "./size-guides.ts";
import { SCALE_TAGS, SIZE_SCALE_IDS } from "./size-tags.ts";

describe("the default size guides", () => {
  it.each(SIZE_SCALE_IDS)("measure every size of the %s scale, in the scale's order", (scale) => {
    const guide = DEFAULT_SIZE_GUIDES[scale];
    expect(guide.scale).toBe(scale);
    expect(Object.keys(guide.sizes)).toEqual([...SCALE_TAGS[scale]]);
    expect(missingMeasurements(guide)).toEqual([]);
  });

  it("give each garment its measurements: trousers an inside leg, kids and babies a height, socks a foot", () => {
    expect(GUIDE_MEASUREMENTS.adult).toEqual(["chest", "waist", "hips"]);
    expect(GUIDE_MEASUREMENTS.waist).toContain("insideLeg");
    expect(GUIDE_MEASUREMENTS.kids).toContain("height");
    expect(GUIDE_MEASUREMENTS.baby).toContain("height");
    expect(GUIDE_MEASUREMENTS.socks).toEqual(["foot"]);
  });

  it("grow with the size: each measurement's ranges rise along the scale", () => {
    for (const scale of SIZE_SCALE_IDS) {
      const guide = DEFAULT_SIZE_GUIDES[scale];
      for (const m of guide.measurements) {
        const starts = SCALE_TAGS[scale].map((tag) => guide.sizes[tag]?.[m]?.[0] ?? 0);
        expect(
          [...starts].sort((a, b) => a - b),
          `${scale} ${m}`,
        ).toEqual(starts);
      }
    }
  });

  it("agree with the sizes' names: 3–4 years is around 104 cm, W32 about 81 cm, socks 39–42 a 24.5–26.5 cm foot", () => {
    expect(DEFAULT_SIZE_GUIDES.kids.sizes["3-4y"]?.height).toEqual([101, 107]);
    expect(DEFAULT_SIZE_GUIDES.waist.sizes.W32?.waist).toEqual([80, 82]);
    expect(DEFAULT_SIZE_GUIDES.socks.sizes["39-42"]?.foot).toEqual([24.5, 26.5]);
    expect(DEFAULT_SIZE_GUIDES.adult.sizes.M?.chest).toEqual([96, 104]);
  });

  it("notices a size without a measurement", () => {
    const guide = {
      ...DEFAULT_SIZE_GUIDES.adult,
      sizes: { ...DEFAULT_SIZE_GUIDES.adult.sizes, L: { chest: [104, 112] as const } },
    };
    expect(missingMeasurements(guide)).toEqual([
      { size: "L", measurement: "waist" },
      { size: "L", measurement: "hips" },
    ]);
  });
});

describe("units", () => {
  it("shows centimetres, and inches to the nearest half inch on request", () => {
    expect(unitOf(null)).toBe("cm");
    expect(unitOf("in")).toBe("in");
    expect(unitOf("feet")).toBe("cm");
    expect(cmToInches(96)).toBe(38);
    expect(cmToInches(88)).toBe(34.5);
    expect(formatRange([88, 96], "cm")).toBe("88–96 cm");
    expect(formatRange([88, 96], "in")).toBe("34.5–38 in");
    expect(formatRange([24.5, 26.5], "cm")).toBe("24.5–26.5 cm");
    expect(formatRange([50, 50], "cm")).toBe("50 cm");
  });
});

describe("the admin's form", () => {
  const formOf = (scale: "socks" | "adult") =>
    Object.fromEntries(
      SCALE_TAGS[scale].flatMap((size) =>
        GUIDE_MEASUREMENTS[scale].map((m) => [
          guideField(size, m),
          rangeInput(DEFAULT_SIZE_GUIDES[scale].sizes[size]?.[m]),
        ]),
      ),
    );

  it("reads back what it shows", () => {
    const parsed = parseGuideForm("socks", formOf("socks"));
    expect(parsed).toEqual({ ok: true, guide: DEFAULT_SIZE_GUIDES.socks });
  });

  it("takes a range with a dash or an en dash, a comma as decimal point, or one figure", () => {
    const form = {
      ...formOf("adult"),
      "M.chest": " 95 – 103 ",
      "M.waist": "80,5-88",
      "M.hips": "100",
    };
    const parsed = parseGuideForm("adult", form);
    expect(parsed.ok && parsed.guide.sizes.M).toEqual({
      chest: [95, 103],
      waist: [80.5, 88],
      hips: [100, 100],
    });
  });

  it.each(["", "abc", "96-88", "0", "400", "<script>", "88--96"])(
    "refuses %j with the field and its message",
    (value) => {
      const parsed = parseGuideForm("adult", { ...formOf("adult"), "L.hips": value });
      expect(parsed).toEqual({ ok: false, fieldErrors: { "L.hips": RANGE_MESSAGE } });
    },
  );

  it("refuses a field that is not text", () => {
    const parsed = parseGuideForm("adult", { ...formOf("adult"), "S.chest": ["88-96"] });
    expect(parsed).toEqual({ ok: false, fieldErrors: { "S.chest": RANGE_MESSAGE } });
  });
});

describe("a stored guide", () => {
  it("fills what is missing or wrong from the defaults", () => {
    const guide = guideFromStored("adult", { M: { chest: [90, 100], waist: "x" }, Q: {} });
    expect(guide.sizes.M).toEqual({ chest: [90, 100], waist: [80, 88], hips: [98, 106] });
    expect(guide.sizes.S).toEqual(DEFAULT_SIZE_GUIDES.adult.sizes.S);
    expect(guideFromStored("socks", null)).toEqual(DEFAULT_SIZE_GUIDES.socks);
  });
});
