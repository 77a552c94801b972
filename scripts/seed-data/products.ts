// The seed catalogue: 64 clothing products over Men, Women, Kid and Baby, with prices in every
// band of the catalogue's price filter (boundaries 25 €, 99.99 € and 100 € included). Each comes
// in its colourways (palette colours, docs/product.md §9 "Colours"), each colourway with 1 to 3
// generated SVG photos, its front view first; in sizes on its proper scale (§9 "Size scales":
// letters for adults, waist for jeans and trousers, age for kids, months for babies, shoe sizes
// for socks, one size for caps, beanies and bibs); and with units per variant. A data table
// turned into `SeedProduct`s, each with its product type (the garment, in the plural); pure
// and deterministic.
import type { Category } from "@shop/core/catalog";
import { PALETTE } from "../../core/src/catalog/palette.ts";
import { SIZE_SCALES, type SizeScaleId, scaleOfSize } from "../../core/src/catalog/sizes.ts";
import { variantKey } from "../../core/src/catalog/variants.ts";
import { GARMENT_KINDS, type GarmentKind, type GarmentView, garmentSvg } from "./garments.ts";

export type SeedCategory = Category;

export interface SeedImage {
  key: string;
  svg: string;
  /** "Navy Piqué Polo Shirt, front view": names the colour it shows. */
  alt: string;
  /** The colourway it belongs to (a palette id). */
  colour: string;
}

export interface SeedProduct {
  slug: string;
  name: string;
  category: SeedCategory;
  /** Its type, the garment in the plural ("dresses": core/src/catalog/product-type.ts). */
  productType: string;
  priceCents: number;
  description: string;
  sizeScale: SizeScaleId;
  /** Size tags of the scale, in its order. */
  sizes: string[];
  /** The colourways' palette ids, the main one first. */
  colours: string[];
  /** Colourway by colourway, each starting with its front view. */
  images: SeedImage[];
  /** Units per variant, by variantKey(colour, size): every colourway in every size. */
  stock: Record<string, number>;
  createdAt: string;
}

/** Trim colours (buttons, zips, cords, contrast knit): details, not the shop's colours. */
const TRIMS = {
  horn: "#5b4636",
  pearl: "#f4f1ea",
  brass: "#c69a3c",
  copper: "#b8733d",
  navy: "#26344f",
  ecru: "#ece3cf",
  coral: "#ef8a6f",
  mustard: "#d9a53b",
  sage: "#8fa67b",
  rose: "#d98f96",
  sky: "#9cc3e6",
  cocoa: "#6b4a3a",
} as const;

/** Each garment's product type: the plural a promotion targets (docs/product.md §9). */
export const PRODUCT_TYPE_OF: Record<GarmentKind, string> = {
  "t-shirt": "t-shirts",
  polo: "polos",
  shirt: "shirts",
  hoodie: "hoodies",
  sweater: "sweaters",
  "roll-neck": "roll-necks",
  cardigan: "cardigans",
  jacket: "jackets",
  coat: "coats",
  dress: "dresses",
  skirt: "skirts",
  trousers: "trousers",
  jeans: "jeans",
  shorts: "shorts",
  onesie: "onesies",
  romper: "rompers",
  bib: "bibs",
  booties: "booties",
  cap: "caps",
  beanie: "beanies",
  socks: "socks",
};

/** The palette's colours by the name the shop writes ("Heather Grey"). */
const PALETTE_BY_NAME = new Map(PALETTE.map((colour) => [colour.name, colour]));

/**
 * "S to XXL" → S, M, L, XL, XXL; "2-3y to 11-12y" → the ages in between; "OS" → OS: the tags
 * of one scale from the first to the last, or nothing when they are not on one scale.
 */
function sizeRange(range: string): { scale: SizeScaleId; sizes: string[] } | undefined {
  const [from = "", to = from, ...rest] = range.split(" to ");
  const scale = scaleOfSize(from);
  if (!scale || scaleOfSize(to) !== scale || rest.length > 0) return undefined;
  const tags = SIZE_SCALES[scale].sizes.map((option) => option.tag);
  const [i, j] = [tags.indexOf(from), tags.indexOf(to)];
  return i <= j ? { scale, sizes: tags.slice(i, j + 1) } : undefined;
}

/**
 * One row per product: "name | garment | price in € | colours | trim | sizes", then the
 * description. Colours are palette names, the main one first; sizes are a range of one scale's
 * tags ("S to XL", "W28 to W36", "2-3y to 11-12y", "0-1m to 18-24m", "39-42 to 43-46") or one
 * tag ("OS"). Fields are checked when the module loads.
 */
const CATALOGUE: Record<SeedCategory, Array<[header: string, description: string]>> = {
  Men: [
    [
      "Organic Cotton Crew T-Shirt | t-shirt | 25.00 | Navy, Heather Grey | ecru | S to XXL",
      "A wardrobe staple in 180 g/m² organic cotton jersey with a ribbed crew neck. Regular fit, true to size. Machine wash at 30 °C and dry flat to keep its shape.",
    ],
    [
      "Heavyweight Cotton T-Shirt | t-shirt | 32.00 | Ecru, Olive | horn | S to XXL",
      "Dense 240 g/m² cotton that softens with every wash. Boxy, slightly dropped shoulder with a tight neckband that holds up over time. Wash inside out at 30 °C.",
    ],
    [
      "Oxford Button-Down Shirt | shirt | 59.00 | Sky Blue, White | pearl | S to XXL",
      "Woven from soft two-ply Oxford cotton with a button-down collar and a single chest pocket. Tailored but not tight; tuck it in or wear it loose. Machine wash at 40 °C, iron while slightly damp.",
    ],
    [
      "Washed Linen Shirt | shirt | 74.00 | Sand, Sage | horn | S to XL",
      "Pure European linen, garment-washed for a soft hand and a relaxed, lived-in look. Corozo buttons and a curved hem. Wash at 30 °C; the creases are part of the charm.",
    ],
    [
      "Piqué Polo Shirt | polo | 45.00 | Forest, Navy | pearl | S to XXL",
      "Breathable cotton piqué with a ribbed collar, two-button placket and split side hem. Classic fit with a little room through the body. Machine wash at 40 °C.",
    ],
    [
      "Loopback Cotton Hoodie | hoodie | 79.00 | Heather Grey, Charcoal | navy | S to XXL",
      "Midweight loopback cotton that breathes better than brushed fleece. Double-layer hood with flat cotton cords, kangaroo pocket and ribbed cuffs. Relaxed fit; wash cold and tumble dry low.",
    ],
    [
      "Merino Roll-Neck Sweater | roll-neck | 119.00 | Camel, Charcoal | ecru | S to XL",
      "Knitted from extra-fine 18.5-micron merino that is warm without bulk and never itchy. A generous roll neck and slim, straight body for layering under a coat. Hand wash cold or use the wool cycle; dry flat.",
    ],
    [
      "Lambswool Crew Sweater | sweater | 99.99 | Burgundy, Oatmeal | ecru | S to XXL",
      "A Scottish-spun lambswool crew with a soft, slightly brushed finish. Regular fit with ribbed neck, cuffs and hem. Hand wash cold and reshape while damp.",
    ],
    [
      "Waxed Field Jacket | jacket | 229.00 | Olive, Navy | cocoa | M to XXL",
      "Shower-proof waxed cotton with a corduroy collar, four bellows pockets and a tartan lining. Cut roomy enough for a sweater underneath. Do not wash: sponge clean and re-wax once a year.",
    ],
    [
      "Wool Overcoat | coat | 349.00 | Charcoal, Camel | horn | M to XXL",
      "A double-breasted overcoat in a dense Italian wool and cashmere blend, fully lined in cupro. Falls just above the knee with a single back vent. Dry clean only.",
    ],
    [
      "Slim Selvedge Jeans | jeans | 115.00 | Indigo | copper | W28 to W36",
      "13.5 oz Japanese selvedge denim with a slim, tapered leg and a mid rise. Copper rivets and a button fly; they fade to your own shape over the months. Wash rarely, inside out and cold.",
    ],
    [
      "Stretch Chino Trousers | trousers | 69.00 | Khaki, Navy | horn | W28 to W38",
      "Cotton twill with 2% elastane for comfort on long days. Straight leg, slanted front pockets and jetted back pockets. Machine wash at 30 °C and hang to dry.",
    ],
    [
      "Cotton Twill Shorts | shorts | 39.00 | Sand, Sage | coral | S to XL",
      "Light cotton twill shorts with an elasticated, drawstring waist and a 7-inch inseam. Easy to pack and quick to dry. Machine wash at 30 °C.",
    ],
    [
      "Six-Panel Cotton Cap | cap | 22.00 | Navy, Rust | ecru | OS",
      "A soft, unstructured six-panel cap in washed cotton canvas with an adjustable strap at the back. Stitched eyelets keep it cool. Hand wash only.",
    ],
    [
      "Fisherman Rib Beanie | beanie | 19.00 | Charcoal, Mustard | ecru | OS",
      "Chunky fisherman rib in recycled wool with a deep turn-up cuff. One size fits most adults. Hand wash cold and dry flat.",
    ],
    [
      "Merino Hiking Socks | socks | 14.00 | Forest | mustard | 39-42 to 43-46",
      "Cushioned merino-blend socks with a reinforced heel and toe and arch support for long walks. Naturally odour-resistant. Machine wash at 30 °C.",
    ],
  ],
  Women: [
    [
      "Relaxed Linen T-Shirt | t-shirt | 29.00 | Terracotta, Cream | horn | S to XL",
      "A breezy linen-jersey T-shirt with a relaxed body and slightly dropped shoulders. Light, breathable and softly textured. Machine wash at 30 °C and dry flat.",
    ],
    [
      "Silk-Blend Blouse | shirt | 89.00 | Blush, Ecru | pearl | S to XL",
      "A fluid silk and cotton blend with a pointed collar and mother-of-pearl buttons. Straight fit with a curved hem that works tucked or loose. Hand wash cold or dry clean.",
    ],
    [
      "Poplin Midi Dress | dress | 100.00 | Sage, Navy | ecru | S to XL",
      "Crisp organic cotton poplin with a scoop neck, fitted bodice and a softly flared midi skirt with side pockets. Fully lined bodice, invisible back zip. Machine wash at 30 °C.",
    ],
    [
      "Jersey Wrap Dress | dress | 65.00 | Navy, Burgundy | pearl | S to XXL",
      "A soft viscose-jersey dress with a tie waist that flatters every shape. Falls just below the knee and packs without creasing. Machine wash at 30 °C on a gentle cycle.",
    ],
    [
      "Linen Sundress | dress | 129.00 | Butter Yellow, White | sage | S to L",
      "Washed linen with a fitted bodice, low scoop back and a full, swishy skirt. Lined to the hip so it is never see-through. Machine wash at 30 °C; iron on medium heat.",
    ],
    [
      "Silk Slip Dress | dress | 215.00 | Lavender, Black | pearl | S to L",
      "Cut on the bias from heavy 22-momme mulberry silk, so it skims rather than clings. Adjustable fine straps and a midi length. Dry clean or hand wash very gently in cold water.",
    ],
    [
      "Pleated Midi Skirt | skirt | 59.00 | Dusty Rose, Navy | pearl | S to XL",
      "Sunray pleats in a light recycled satin that move beautifully as you walk. Elastic at the back of the waistband for comfort. Machine wash cold; hang to dry.",
    ],
    [
      "Denim A-Line Skirt | skirt | 49.00 | Light Wash, Indigo | copper | S to XL",
      "Rigid cotton denim in a flattering A-line with a button-through front. Sits at the natural waist and ends just above the knee. Machine wash at 30 °C inside out.",
    ],
    [
      "Cashmere Crew Sweater | sweater | 219.00 | Oatmeal, Lavender | ecru | S to XL",
      "Two-ply Grade A Mongolian cashmere, knitted to a relaxed crew with neat ribbed edges. Incredibly light and warm. Hand wash cold with wool detergent and dry flat.",
    ],
    [
      "Chunky Knit Cardigan | cardigan | 99.00 | Cream, Sage | horn | S to XL",
      "A cosy cardigan in a soft wool and alpaca blend, with patch pockets and horn buttons. Oversized fit; size down for a closer look. Hand wash cold and dry flat.",
    ],
    [
      "Cotton Utility Jacket | jacket | 125.00 | Khaki, Stone | brass | S to XL",
      "A lightweight cotton canvas jacket with four flap pockets and a corduroy collar. Boxy and hip-length, ideal for spring. Machine wash at 30 °C.",
    ],
    [
      "Double-Breasted Wool Coat | coat | 299.00 | Camel, Black | horn | S to XL",
      "A timeless coat in a brushed wool blend with peak lapels and horn buttons. Fully lined with a relaxed shoulder, falling to mid-calf. Dry clean only.",
    ],
    [
      "High-Rise Straight Jeans | jeans | 89.00 | Indigo, Light Wash | copper | W26 to W33",
      "Non-stretch organic cotton denim with a high rise and a straight, ankle-grazing leg. Classic five-pocket styling that breaks in beautifully. Wash inside out at 30 °C.",
    ],
    [
      "Wide-Leg Linen Trousers | trousers | 79.00 | Ecru, Terracotta | horn | W26 to W34",
      "Flowing, mid-weight linen with a high waist, front pleats and a fluid wide leg. Side pockets and a concealed zip fly. Machine wash at 30 °C; iron while damp.",
    ],
    [
      "Linen Drawstring Shorts | shorts | 35.00 | White, Terracotta | coral | S to XL",
      "Easy linen shorts with an elasticated drawstring waist and slanted side pockets. Mid-thigh length. Machine wash at 30 °C.",
    ],
    [
      "Cashmere-Blend Ankle Socks | socks | 18.00 | Oatmeal, Dusty Rose | ecru | 35-38 to 39-42",
      "Soft cashmere-blend socks with a comfort cuff that never pinches. Fine knit that fits easily inside shoes. Hand wash or machine wash on the wool cycle.",
    ],
  ],
  Kid: [
    [
      "Kids' Organic Cotton Tee | t-shirt | 15.00 | Sky Blue, Coral | ecru | 2-3y to 11-12y",
      "Everyday organic cotton tee made to survive the playground. Reinforced shoulder seams and a tagless neck. Machine wash at 40 °C.",
    ],
    [
      "Kids' Slub Jersey Tee | t-shirt | 17.00 | Mustard, Mint | ecru | 3-4y to 9-10y",
      "A soft, textured slub-cotton T-shirt with a relaxed fit that leaves room to grow. Machine wash at 40 °C and tumble dry low.",
    ],
    [
      "Kids' Piqué Polo | polo | 23.00 | White, Navy | navy | 4-5y to 13-14y",
      "A smart cotton piqué polo for school and weekends, with a soft ribbed collar. Easy-care fabric that needs no ironing. Machine wash at 40 °C.",
    ],
    [
      "Kids' Fleece Hoodie | hoodie | 34.00 | Coral, Teal | ecru | 2-3y to 11-12y",
      "Brushed-back cotton fleece with a lined hood and a roomy kangaroo pocket. Cords are stitched in place for safety. Machine wash at 30 °C.",
    ],
    [
      "Kids' Cable Knit Sweater | sweater | 39.00 | Forest, Cream | ecru | 2-3y to 9-10y",
      "A soft cotton and wool cable knit with a crew neck and ribbed trims. Warm without being scratchy. Machine wash on the wool cycle and dry flat.",
    ],
    [
      "Kids' Waterproof Rain Jacket | jacket | 59.00 | Mustard, Cobalt | navy | 2-3y to 11-12y",
      "Fully seam-sealed recycled shell with a fleece-lined collar and reflective details. Roomy pockets and adjustable cuffs. Wipe clean or machine wash at 30 °C.",
    ],
    [
      "Kids' Wool Duffle Coat | coat | 119.00 | Camel, Navy | horn | 3-4y to 9-10y",
      "A classic wool-blend coat with a warm quilted lining and easy-grip buttons. Falls to mid-thigh for extra warmth. Dry clean or hand wash cold.",
    ],
    [
      "Kids' Down Parka | coat | 209.00 | Forest, Burgundy | brass | 4-5y to 13-14y",
      "Responsibly sourced down insulation in a water-repellent shell, warm to -15 °C. Long cut with deep pockets and a wind-blocking storm flap. Machine wash at 30 °C with down detergent.",
    ],
    [
      "Kids' Corduroy Pinafore Dress | dress | 39.00 | Rust, Navy | ecru | 2-3y to 7-8y",
      "Soft needlecord cotton pinafore with a scoop neck and a full skirt. Layer over a tee or roll-neck. Machine wash at 30 °C.",
    ],
    [
      "Kids' Tiered Cotton Dress | dress | 45.00 | Lavender, Butter Yellow | pearl | 2-3y to 9-10y",
      "Light cotton voile with a lined bodice and a twirl-ready tiered skirt. Buttons at the back and a sash at the waist. Machine wash at 30 °C.",
    ],
    [
      "Kids' Pleated Skirt | skirt | 29.00 | Burgundy, Navy | pearl | 4-5y to 11-12y",
      "Box-pleated skirt in a durable cotton blend with an adjustable elastic waist. Machine wash at 40 °C; the pleats stay crisp.",
    ],
    [
      "Kids' Stretch Jeans | jeans | 35.00 | Indigo, Light Wash | copper | 3-4y to 11-12y",
      "Comfort-stretch denim with reinforced knees and an adjustable inner waistband. Slim straight fit. Machine wash at 40 °C inside out.",
    ],
    [
      "Kids' Jogger Trousers | trousers | 27.00 | Heather Grey, Navy | coral | 2-3y to 9-10y",
      "Soft brushed-cotton joggers with an elastic waist, a faux fly and side pockets. Made for running around. Machine wash at 40 °C.",
    ],
    [
      "Kids' Cargo Shorts | shorts | 22.00 | Khaki, Sky Blue | mustard | 3-4y to 11-12y",
      "Tough cotton twill shorts with a drawstring waist and plenty of pockets for treasures. Knee length. Machine wash at 40 °C.",
    ],
    [
      "Kids' Sun Cap | cap | 14.00 | Sky Blue, Coral | ecru | OS",
      "A light cotton cap with a stiff peak and a UPF 50+ rating. Adjustable back strap for a snug fit. Hand wash cold.",
    ],
    [
      "Kids' Pom-Pom Beanie | beanie | 16.00 | Coral, Teal | ecru | OS",
      "A warm rib-knit beanie with a fleece-lined band and a fluffy pom-pom. Machine wash on the wool cycle.",
    ],
  ],
  Baby: [
    [
      "Organic Cotton Bodysuit | onesie | 12.00 | White, Sage | sage | 0-1m to 18-24m",
      "Soft organic cotton bodysuit with envelope shoulders for easy changes and press studs at the crotch. Gentle on new skin. Machine wash at 40 °C.",
    ],
    [
      "Baby Heart Print Bodysuit | onesie | 15.00 | Butter Yellow, Blush | coral | 1-2m to 12-18m",
      "A short-sleeved cotton bodysuit with a little printed heart. Envelope neck and nickel-free press studs. Machine wash at 40 °C.",
    ],
    [
      "Footed Cotton Sleepsuit | romper | 22.00 | Sage, Sky Blue | ecru | 0-1m to 12-18m",
      "Snug organic cotton sleepsuit with full-length front poppers and non-slip feet. Turn-back mitts on the smallest size. Machine wash at 40 °C.",
    ],
    [
      "Baby Velour Sleepsuit | romper | 29.00 | Lavender, Mint | pearl | 0-1m to 9-12m",
      "Plush cotton velour that stays warm through the night. Front poppers from neck to ankle and soft covered feet. Machine wash at 30 °C.",
    ],
    [
      "Baby Merino Sleepsuit | romper | 59.00 | Oatmeal, Dusty Rose | ecru | 2-4m to 18-24m",
      "Fine merino wool that regulates temperature, keeping babies warm in winter and cool in summer. Front poppers and fold-over feet. Machine wash on the wool cycle.",
    ],
    [
      "Baby Muslin Bib | bib | 9.00 | Blush, Mint | cocoa | OS",
      "Three layers of soft cotton muslin with a waterproof backing and an adjustable snap. Machine wash at 60 °C.",
    ],
    [
      "Baby Terry Bib Set | bib | 13.00 | Mint, Sky Blue | coral | OS",
      "Absorbent cotton terry bibs with a wipe-clean back, sold as a set of two. Machine wash at 60 °C.",
    ],
    [
      "Baby Knit Booties | booties | 18.00 | Cream, Blush | sky | 2-4m to 12-18m",
      "Hand-finished knit booties in soft merino with a ribbed cuff that stays on little feet. Hand wash cold.",
    ],
    [
      "Baby Soft-Sole Booties | booties | 32.00 | Camel, Dusty Rose | ecru | 6-9m to 18-24m",
      "Flexible soft soles and a snug ankle strap, ideal for first steps. Knitted upper with a grippy suede-effect sole. Spot clean only.",
    ],
    [
      "Baby Ribbed Beanie | beanie | 11.00 | Dusty Rose, Heather Grey | pearl | OS",
      "A stretchy ribbed cotton beanie with a turn-up cuff, perfect for the first months. Machine wash at 40 °C.",
    ],
    [
      "Baby Non-Slip Socks | socks | 10.00 | Sky Blue, Blush | ecru | 19-22 to 23-26",
      "Soft cotton-rich socks with a cushioned sole and a comfort cuff that leaves no marks. Machine wash at 40 °C.",
    ],
    [
      "Baby Cotton Tee | t-shirt | 10.00 | Cream, Mint | ecru | 2-4m to 18-24m",
      "A soft organic cotton T-shirt with an envelope neck for easy dressing. Machine wash at 40 °C.",
    ],
    [
      "Baby Cashmere Cardigan | cardigan | 105.00 | Oatmeal, Blush | pearl | 4-6m to 18-24m",
      "A precious heirloom cardigan in pure cashmere with pearl-effect buttons and pockets. Hand wash cold and dry flat.",
    ],
    [
      "Baby Pull-On Trousers | trousers | 16.00 | Heather Grey, Oatmeal | coral | 2-4m to 18-24m",
      "Soft cotton trousers with a wide elastic waist that sits comfortably over nappies. Machine wash at 40 °C.",
    ],
    [
      "Baby Hooded Fleece | hoodie | 29.00 | Teal, Coral | ecru | 6-9m to 18-24m",
      "A cosy cotton fleece hoodie with a pocket and soft ribbed cuffs. Machine wash at 30 °C.",
    ],
    [
      "Baby Quilted Pram Jacket | jacket | 69.00 | Navy, Sage | brass | 2-4m to 12-18m",
      "A lightweight quilted jacket with a soft jersey lining and easy press studs. Warm enough for cool walks. Machine wash at 30 °C.",
    ],
  ],
};

/** Lower-case, URL-safe slug from a product name ("Kids' Piqué Polo" → "kids-pique-polo"). */
export const slugify = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const VIEW_ALT: Record<GarmentView, string> = {
  front: "front view",
  back: "back view",
  detail: "close-up detail",
  folded: "folded",
};

/** The views after the front one, turned by product and colourway so that each shows others. */
const EXTRA_VIEWS: readonly GarmentView[] = ["back", "detail", "folded"];

/** Deterministic dates: one product every 26 h 17 min from 5 January 2026, 09:00 UTC. */
const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const STEP = (26 * 60 + 17) * 60 * 1000;

const isKey = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(table, key);

/** Splits and checks a catalogue header. */
function parseHeader(header: string) {
  const [name = "", kind = "", euros = "", colourList = "", trim = "", sizeList = ""] =
    header.split(" | ");
  const colours = colourList.split(", ").map((colour) => PALETTE_BY_NAME.get(colour));
  const sizes = sizeRange(sizeList);
  const fail = (what: string) => new Error(`seed catalogue, "${header}": bad ${what}`);
  if (!(GARMENT_KINDS as string[]).includes(kind)) throw fail("garment");
  if (!/^\d+\.\d\d$/.test(euros)) throw fail("price");
  if (!colours.every((colour) => colour !== undefined)) throw fail("colour");
  if (new Set(colours).size !== colours.length) throw fail("colour (twice)");
  if (!isKey(TRIMS, trim)) throw fail("trim");
  if (!sizes) throw fail("sizes");
  return {
    name,
    kind: kind as GarmentKind,
    priceCents: Math.round(Number(euros) * 100),
    colours: colours.filter((colour) => colour !== undefined),
    trim: TRIMS[trim],
    ...sizes,
  };
}

/**
 * A realistic stock for the seed product at `index`: most variants between 8 and 40 units; on
 * every sixth product the largest size of each colourway at 1 to 3 ("Only N left"), on every
 * seventh the middle size of the last colourway at 2; sold out ("Out of stock", "Notify me"):
 * the smallest size of the last colourway on every tenth product, the largest of the first on
 * every ninth. No product is sold out altogether. Stable across runs.
 */
export function seedStock(
  index: number,
  colours: readonly string[],
  sizes: readonly string[],
): Record<string, number> {
  const last = sizes.length - 1;
  const units = (j: number, k: number) => {
    const lastColour = j === colours.length - 1;
    if (index % 10 === 4 && lastColour && k === 0 && colours.length + last > 1) return 0;
    if (index % 9 === 6 && j === 0 && k === last && last > 0) return 0;
    if (index % 6 === 2 && k === last) return 1 + ((index + j) % 3);
    if (index % 7 === 3 && lastColour && k === last >> 1) return 2;
    return 8 + ((index * 7 + j * 11 + k * 13) % 33);
  };
  return Object.fromEntries(
    colours.flatMap((colour, j) => sizes.map((size, k) => [variantKey(colour, size), units(j, k)])),
  );
}

function buildProducts(): SeedProduct[] {
  const rows = (Object.keys(CATALOGUE) as SeedCategory[]).flatMap((category) =>
    CATALOGUE[category].map(([header, description]) => ({ category, description, header })),
  );
  return rows.map(({ category, description, header }, index) => {
    const { name, kind, priceCents, colours, trim, scale, sizes } = parseHeader(header);
    const slug = slugify(name);
    // Each colourway: its front view, then 0 to 2 of back, close-up and folded (a single
    // colourway all 3), turned so that colourways show different views. The piqué polos' first
    // colourway has its front view only, so their navy front is photo 2 (what the colour
    // search's end-to-end test opens: packages/e2e/tests/search-relevance.spec.ts).
    const shots = colours.flatMap((colour, j) => {
      const count = colours.length === 1 ? 3 : 1 + ((index + 2 + j) % 3);
      const turn = (index + j) % EXTRA_VIEWS.length;
      const views: GarmentView[] = [
        "front",
        ...EXTRA_VIEWS.slice(turn),
        ...EXTRA_VIEWS.slice(0, turn),
      ];
      return views.slice(0, count).map((view) => ({ colour, view }));
    });
    const images = shots.map(({ colour, view }, i) => ({
      key: `products/${slug}/${i + 1}.svg`,
      svg: garmentSvg({ kind, color: colour.swatch, accent: trim, view }),
      alt: `${colour.name} ${name}, ${VIEW_ALT[view]}`,
      colour: colour.id,
    }));
    const ids = colours.map((colour) => colour.id);
    return {
      slug,
      name,
      category,
      productType: PRODUCT_TYPE_OF[kind],
      priceCents,
      description,
      sizeScale: scale,
      sizes,
      colours: ids,
      images,
      stock: seedStock(index, ids, sizes),
      createdAt: new Date(START + index * STEP).toISOString(),
    };
  });
}

export const SEED_PRODUCTS: readonly SeedProduct[] = buildProducts();
