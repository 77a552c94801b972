// The seed catalogue: 64 clothing products over Men, Women, Kid and Baby, with prices in every
// band of the catalogue's price filter (boundaries 25 €, 99.99 € and 100 € included), sizes and
// 2–4 generated SVG images each. A data table turned into `SeedProduct`s; pure and deterministic.
import { GARMENT_KINDS, type GarmentKind, type GarmentView, garmentSvg } from "./garments.ts";

export type SeedCategory = "Men" | "Women" | "Kid" | "Baby";
export type SeedSize = "S" | "M" | "L" | "XL" | "XXL";

export interface SeedProduct {
  slug: string;
  name: string;
  category: SeedCategory;
  priceCents: number;
  description: string;
  sizes: SeedSize[];
  images: Array<{ key: string; svg: string; alt: string }>;
  createdAt: string;
}

/** Fabric colours by their shop name. */
export const COLORS = {
  Navy: "#2c3e5c",
  Charcoal: "#3d4148",
  Black: "#25262a",
  "Heather Grey": "#a3a7ab",
  White: "#f7f6f2",
  Ecru: "#efe9dc",
  Cream: "#f2e8d3",
  Oatmeal: "#d9cdb8",
  Sand: "#d8c3a0",
  Stone: "#c9bfae",
  Khaki: "#a89a6e",
  Camel: "#b98b57",
  Chocolate: "#5a3d2e",
  Olive: "#6b7045",
  Sage: "#9caf88",
  Forest: "#2f5242",
  Mint: "#a8d8c3",
  Teal: "#2e7d7a",
  "Sky Blue": "#8fb8de",
  Cobalt: "#3056a6",
  Indigo: "#34466b",
  "Light Wash": "#7d9cc0",
  Lavender: "#b5a8d1",
  Blush: "#e8b4b0",
  "Dusty Rose": "#c98b8b",
  Coral: "#ef8a6f",
  Terracotta: "#c0674a",
  Rust: "#b4532a",
  Burgundy: "#6e2236",
  Mustard: "#d4a13a",
  "Butter Yellow": "#f3dc8a",
} as const;

export type ColorName = keyof typeof COLORS;

/** Trim colours (buttons, zips, cords, contrast knit). */
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

const ALL_SIZES: SeedSize[] = ["S", "M", "L", "XL", "XXL"];
/** "S-XXL" → S, M, L, XL, XXL. */
const sizeRange = (range: string): SeedSize[] => {
  const [from = "", to = from] = range.split("-");
  const [i, j] = [ALL_SIZES.indexOf(from as SeedSize), ALL_SIZES.indexOf(to as SeedSize)];
  return i < 0 || j < 0 ? [] : ALL_SIZES.slice(i, j + 1);
};

/**
 * One row per product: "name | garment | price in € | colours | trim | sizes", then the
 * description. The first colour is the main one; fields are checked when the module loads.
 */
const CATALOGUE: Record<SeedCategory, Array<[header: string, description: string]>> = {
  Men: [
    [
      "Organic Cotton Crew T-Shirt | t-shirt | 25.00 | Navy, Heather Grey | ecru | S-XXL",
      "A wardrobe staple in 180 g/m² organic cotton jersey with a ribbed crew neck. Regular fit, true to size. Machine wash at 30 °C and dry flat to keep its shape.",
    ],
    [
      "Heavyweight Cotton T-Shirt | t-shirt | 32.00 | Ecru, Olive | horn | S-XXL",
      "Dense 240 g/m² cotton that softens with every wash. Boxy, slightly dropped shoulder with a tight neckband that holds up over time. Wash inside out at 30 °C.",
    ],
    [
      "Oxford Button-Down Shirt | shirt | 59.00 | Sky Blue, White | pearl | S-XXL",
      "Woven from soft two-ply Oxford cotton with a button-down collar and a single chest pocket. Tailored but not tight; tuck it in or wear it loose. Machine wash at 40 °C, iron while slightly damp.",
    ],
    [
      "Washed Linen Shirt | shirt | 74.00 | Sand, Sage | horn | S-XL",
      "Pure European linen, garment-washed for a soft hand and a relaxed, lived-in look. Corozo buttons and a curved hem. Wash at 30 °C; the creases are part of the charm.",
    ],
    [
      "Piqué Polo Shirt | polo | 45.00 | Forest, Navy | pearl | S-XXL",
      "Breathable cotton piqué with a ribbed collar, two-button placket and split side hem. Classic fit with a little room through the body. Machine wash at 40 °C.",
    ],
    [
      "Loopback Cotton Hoodie | hoodie | 79.00 | Heather Grey, Charcoal | navy | S-XXL",
      "Midweight loopback cotton that breathes better than brushed fleece. Double-layer hood with flat cotton cords, kangaroo pocket and ribbed cuffs. Relaxed fit; wash cold and tumble dry low.",
    ],
    [
      "Merino Roll-Neck Sweater | roll-neck | 119.00 | Camel, Charcoal | ecru | S-XL",
      "Knitted from extra-fine 18.5-micron merino that is warm without bulk and never itchy. A generous roll neck and slim, straight body for layering under a coat. Hand wash cold or use the wool cycle; dry flat.",
    ],
    [
      "Lambswool Crew Sweater | sweater | 99.99 | Burgundy, Oatmeal | ecru | S-XXL",
      "A Scottish-spun lambswool crew with a soft, slightly brushed finish. Regular fit with ribbed neck, cuffs and hem. Hand wash cold and reshape while damp.",
    ],
    [
      "Waxed Field Jacket | jacket | 229.00 | Olive, Navy | cocoa | M-XXL",
      "Shower-proof waxed cotton with a corduroy collar, four bellows pockets and a tartan lining. Cut roomy enough for a sweater underneath. Do not wash: sponge clean and re-wax once a year.",
    ],
    [
      "Wool Overcoat | coat | 349.00 | Charcoal, Camel | horn | M-XXL",
      "A double-breasted overcoat in a dense Italian wool and cashmere blend, fully lined in cupro. Falls just above the knee with a single back vent. Dry clean only.",
    ],
    [
      "Slim Selvedge Jeans | jeans | 115.00 | Indigo | copper | S-XL",
      "13.5 oz Japanese selvedge denim with a slim, tapered leg and a mid rise. Copper rivets and a button fly; they fade to your own shape over the months. Wash rarely, inside out and cold.",
    ],
    [
      "Stretch Chino Trousers | trousers | 69.00 | Khaki, Navy | horn | S-XXL",
      "Cotton twill with 2% elastane for comfort on long days. Straight leg, slanted front pockets and jetted back pockets. Machine wash at 30 °C and hang to dry.",
    ],
    [
      "Cotton Twill Shorts | shorts | 39.00 | Sand, Sage | coral | S-XL",
      "Light cotton twill shorts with an elasticated, drawstring waist and a 7-inch inseam. Easy to pack and quick to dry. Machine wash at 30 °C.",
    ],
    [
      "Six-Panel Cotton Cap | cap | 22.00 | Navy, Rust | ecru | M-L",
      "A soft, unstructured six-panel cap in washed cotton canvas with an adjustable strap at the back. Stitched eyelets keep it cool. Hand wash only.",
    ],
    [
      "Fisherman Rib Beanie | beanie | 19.00 | Charcoal, Mustard | ecru | M",
      "Chunky fisherman rib in recycled wool with a deep turn-up cuff. One size fits most adults. Hand wash cold and dry flat.",
    ],
    [
      "Merino Hiking Socks | socks | 14.00 | Forest | mustard | M-L",
      "Cushioned merino-blend socks with a reinforced heel and toe and arch support for long walks. Naturally odour-resistant. Machine wash at 30 °C.",
    ],
  ],
  Women: [
    [
      "Relaxed Linen T-Shirt | t-shirt | 29.00 | Terracotta, Cream | horn | S-XL",
      "A breezy linen-jersey T-shirt with a relaxed body and slightly dropped shoulders. Light, breathable and softly textured. Machine wash at 30 °C and dry flat.",
    ],
    [
      "Silk-Blend Blouse | shirt | 89.00 | Blush, Ecru | pearl | S-XL",
      "A fluid silk and cotton blend with a pointed collar and mother-of-pearl buttons. Straight fit with a curved hem that works tucked or loose. Hand wash cold or dry clean.",
    ],
    [
      "Poplin Midi Dress | dress | 100.00 | Sage, Navy | ecru | S-XL",
      "Crisp organic cotton poplin with a scoop neck, fitted bodice and a softly flared midi skirt with side pockets. Fully lined bodice, invisible back zip. Machine wash at 30 °C.",
    ],
    [
      "Jersey Wrap Dress | dress | 65.00 | Navy, Burgundy | pearl | S-XXL",
      "A soft viscose-jersey dress with a tie waist that flatters every shape. Falls just below the knee and packs without creasing. Machine wash at 30 °C on a gentle cycle.",
    ],
    [
      "Linen Sundress | dress | 129.00 | Butter Yellow, White | sage | S-L",
      "Washed linen with a fitted bodice, low scoop back and a full, swishy skirt. Lined to the hip so it is never see-through. Machine wash at 30 °C; iron on medium heat.",
    ],
    [
      "Silk Slip Dress | dress | 215.00 | Lavender, Black | pearl | S-L",
      "Cut on the bias from heavy 22-momme mulberry silk, so it skims rather than clings. Adjustable fine straps and a midi length. Dry clean or hand wash very gently in cold water.",
    ],
    [
      "Pleated Midi Skirt | skirt | 59.00 | Dusty Rose, Navy | pearl | S-XL",
      "Sunray pleats in a light recycled satin that move beautifully as you walk. Elastic at the back of the waistband for comfort. Machine wash cold; hang to dry.",
    ],
    [
      "Denim A-Line Skirt | skirt | 49.00 | Light Wash, Indigo | copper | S-XL",
      "Rigid cotton denim in a flattering A-line with a button-through front. Sits at the natural waist and ends just above the knee. Machine wash at 30 °C inside out.",
    ],
    [
      "Cashmere Crew Sweater | sweater | 219.00 | Oatmeal, Lavender | ecru | S-XL",
      "Two-ply Grade A Mongolian cashmere, knitted to a relaxed crew with neat ribbed edges. Incredibly light and warm. Hand wash cold with wool detergent and dry flat.",
    ],
    [
      "Chunky Knit Cardigan | cardigan | 99.00 | Cream, Sage | horn | S-XL",
      "A cosy cardigan in a soft wool and alpaca blend, with patch pockets and horn buttons. Oversized fit; size down for a closer look. Hand wash cold and dry flat.",
    ],
    [
      "Cotton Utility Jacket | jacket | 125.00 | Khaki, Stone | brass | S-XL",
      "A lightweight cotton canvas jacket with four flap pockets and a corduroy collar. Boxy and hip-length, ideal for spring. Machine wash at 30 °C.",
    ],
    [
      "Double-Breasted Wool Coat | coat | 299.00 | Camel, Black | horn | S-XL",
      "A timeless coat in a brushed wool blend with peak lapels and horn buttons. Fully lined with a relaxed shoulder, falling to mid-calf. Dry clean only.",
    ],
    [
      "High-Rise Straight Jeans | jeans | 89.00 | Indigo, Light Wash | copper | S-XXL",
      "Non-stretch organic cotton denim with a high rise and a straight, ankle-grazing leg. Classic five-pocket styling that breaks in beautifully. Wash inside out at 30 °C.",
    ],
    [
      "Wide-Leg Linen Trousers | trousers | 79.00 | Ecru, Terracotta | horn | S-XL",
      "Flowing, mid-weight linen with a high waist, front pleats and a fluid wide leg. Side pockets and a concealed zip fly. Machine wash at 30 °C; iron while damp.",
    ],
    [
      "Linen Drawstring Shorts | shorts | 35.00 | White, Terracotta | coral | S-XL",
      "Easy linen shorts with an elasticated drawstring waist and slanted side pockets. Mid-thigh length. Machine wash at 30 °C.",
    ],
    [
      "Cashmere-Blend Ankle Socks | socks | 18.00 | Oatmeal, Dusty Rose | ecru | S-M",
      "Soft cashmere-blend socks with a comfort cuff that never pinches. Fine knit that fits easily inside shoes. Hand wash or machine wash on the wool cycle.",
    ],
  ],
  Kid: [
    [
      "Kids' Organic Cotton Tee | t-shirt | 15.00 | Sky Blue, Coral | ecru | S-XL",
      "Everyday organic cotton tee made to survive the playground. Reinforced shoulder seams and a tagless neck. Machine wash at 40 °C.",
    ],
    [
      "Kids' Slub Jersey Tee | t-shirt | 17.00 | Mustard, Mint | ecru | S-XL",
      "A soft, textured slub-cotton T-shirt with a relaxed fit that leaves room to grow. Machine wash at 40 °C and tumble dry low.",
    ],
    [
      "Kids' Piqué Polo | polo | 23.00 | White, Navy | navy | S-XL",
      "A smart cotton piqué polo for school and weekends, with a soft ribbed collar. Easy-care fabric that needs no ironing. Machine wash at 40 °C.",
    ],
    [
      "Kids' Fleece Hoodie | hoodie | 34.00 | Coral, Teal | ecru | S-XL",
      "Brushed-back cotton fleece with a lined hood and a roomy kangaroo pocket. Cords are stitched in place for safety. Machine wash at 30 °C.",
    ],
    [
      "Kids' Cable Knit Sweater | sweater | 39.00 | Forest, Cream | ecru | S-XL",
      "A soft cotton and wool cable knit with a crew neck and ribbed trims. Warm without being scratchy. Machine wash on the wool cycle and dry flat.",
    ],
    [
      "Kids' Waterproof Rain Jacket | jacket | 59.00 | Mustard, Cobalt | navy | S-XL",
      "Fully seam-sealed recycled shell with a fleece-lined collar and reflective details. Roomy pockets and adjustable cuffs. Wipe clean or machine wash at 30 °C.",
    ],
    [
      "Kids' Wool Duffle Coat | coat | 119.00 | Camel, Navy | horn | S-XL",
      "A classic wool-blend coat with a warm quilted lining and easy-grip buttons. Falls to mid-thigh for extra warmth. Dry clean or hand wash cold.",
    ],
    [
      "Kids' Down Parka | coat | 209.00 | Forest, Burgundy | brass | M-XL",
      "Responsibly sourced down insulation in a water-repellent shell, warm to -15 °C. Long cut with deep pockets and a wind-blocking storm flap. Machine wash at 30 °C with down detergent.",
    ],
    [
      "Kids' Corduroy Pinafore Dress | dress | 39.00 | Rust, Navy | ecru | S-XL",
      "Soft needlecord cotton pinafore with a scoop neck and a full skirt. Layer over a tee or roll-neck. Machine wash at 30 °C.",
    ],
    [
      "Kids' Tiered Cotton Dress | dress | 45.00 | Lavender, Butter Yellow | pearl | S-XL",
      "Light cotton voile with a lined bodice and a twirl-ready tiered skirt. Buttons at the back and a sash at the waist. Machine wash at 30 °C.",
    ],
    [
      "Kids' Pleated Skirt | skirt | 29.00 | Burgundy, Navy | pearl | S-XL",
      "Box-pleated skirt in a durable cotton blend with an adjustable elastic waist. Machine wash at 40 °C; the pleats stay crisp.",
    ],
    [
      "Kids' Stretch Jeans | jeans | 35.00 | Indigo, Light Wash | copper | S-XL",
      "Comfort-stretch denim with reinforced knees and an adjustable inner waistband. Slim straight fit. Machine wash at 40 °C inside out.",
    ],
    [
      "Kids' Jogger Trousers | trousers | 27.00 | Heather Grey, Navy | coral | S-XL",
      "Soft brushed-cotton joggers with an elastic waist, a faux fly and side pockets. Made for running around. Machine wash at 40 °C.",
    ],
    [
      "Kids' Cargo Shorts | shorts | 22.00 | Khaki, Sky Blue | mustard | S-XL",
      "Tough cotton twill shorts with a drawstring waist and plenty of pockets for treasures. Knee length. Machine wash at 40 °C.",
    ],
    [
      "Kids' Sun Cap | cap | 14.00 | Sky Blue, Coral | ecru | S-M",
      "A light cotton cap with a stiff peak and a UPF 50+ rating. Adjustable back strap for a snug fit. Hand wash cold.",
    ],
    [
      "Kids' Pom-Pom Beanie | beanie | 16.00 | Coral, Teal | ecru | S-M",
      "A warm rib-knit beanie with a fleece-lined band and a fluffy pom-pom. Machine wash on the wool cycle.",
    ],
  ],
  Baby: [
    [
      "Organic Cotton Bodysuit | onesie | 12.00 | White, Sage | sage | S-L",
      "Soft organic cotton bodysuit with envelope shoulders for easy changes and press studs at the crotch. Gentle on new skin. Machine wash at 40 °C.",
    ],
    [
      "Baby Heart Print Bodysuit | onesie | 15.00 | Butter Yellow, Blush | coral | S-L",
      "A short-sleeved cotton bodysuit with a little printed heart. Envelope neck and nickel-free press studs. Machine wash at 40 °C.",
    ],
    [
      "Footed Cotton Sleepsuit | romper | 22.00 | Sage, Sky Blue | ecru | S-L",
      "Snug organic cotton sleepsuit with full-length front poppers and non-slip feet. Turn-back mitts on the smallest size. Machine wash at 40 °C.",
    ],
    [
      "Baby Velour Sleepsuit | romper | 29.00 | Lavender, Mint | pearl | S-L",
      "Plush cotton velour that stays warm through the night. Front poppers from neck to ankle and soft covered feet. Machine wash at 30 °C.",
    ],
    [
      "Baby Merino Sleepsuit | romper | 59.00 | Oatmeal, Dusty Rose | ecru | S-L",
      "Fine merino wool that regulates temperature, keeping babies warm in winter and cool in summer. Front poppers and fold-over feet. Machine wash on the wool cycle.",
    ],
    [
      "Baby Muslin Bib | bib | 9.00 | Blush, Mint | cocoa | S",
      "Three layers of soft cotton muslin with a waterproof backing and an adjustable snap. Machine wash at 60 °C.",
    ],
    [
      "Baby Terry Bib Set | bib | 13.00 | Mint, Sky Blue | coral | S",
      "Absorbent cotton terry bibs with a wipe-clean back, sold as a set of two. Machine wash at 60 °C.",
    ],
    [
      "Baby Knit Booties | booties | 18.00 | Cream, Blush | sky | S-M",
      "Hand-finished knit booties in soft merino with a ribbed cuff that stays on little feet. Hand wash cold.",
    ],
    [
      "Baby Soft-Sole Booties | booties | 32.00 | Camel, Dusty Rose | ecru | S-M",
      "Flexible soft soles and a snug ankle strap, ideal for first steps. Knitted upper with a grippy suede-effect sole. Spot clean only.",
    ],
    [
      "Baby Ribbed Beanie | beanie | 11.00 | Dusty Rose, Heather Grey | pearl | S",
      "A stretchy ribbed cotton beanie with a turn-up cuff, perfect for the first months. Machine wash at 40 °C.",
    ],
    [
      "Baby Non-Slip Socks | socks | 10.00 | Sky Blue, Blush | ecru | S-M",
      "Soft cotton-rich socks with a cushioned sole and a comfort cuff that leaves no marks. Machine wash at 40 °C.",
    ],
    [
      "Baby Cotton Tee | t-shirt | 10.00 | Cream, Mint | ecru | S-L",
      "A soft organic cotton T-shirt with an envelope neck for easy dressing. Machine wash at 40 °C.",
    ],
    [
      "Baby Cashmere Cardigan | cardigan | 105.00 | Oatmeal, Blush | pearl | S-L",
      "A precious heirloom cardigan in pure cashmere with pearl-effect buttons and pockets. Hand wash cold and dry flat.",
    ],
    [
      "Baby Pull-On Trousers | trousers | 16.00 | Heather Grey, Oatmeal | coral | S-L",
      "Soft cotton trousers with a wide elastic waist that sits comfortably over nappies. Machine wash at 40 °C.",
    ],
    [
      "Baby Hooded Fleece | hoodie | 29.00 | Teal, Coral | ecru | S-L",
      "A cosy cotton fleece hoodie with a pocket and soft ribbed cuffs. Machine wash at 30 °C.",
    ],
    [
      "Baby Quilted Pram Jacket | jacket | 69.00 | Navy, Sage | brass | S-L",
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

/** Deterministic dates: one product every 26 h 17 min from 5 January 2026, 09:00 UTC. */
const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const STEP = (26 * 60 + 17) * 60 * 1000;

const isKey = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(table, key);

/** Splits and checks a catalogue header. */
function parseHeader(header: string) {
  const [name = "", kind = "", euros = "", colorList = "", trim = "", sizes = ""] =
    header.split(" | ");
  const colors = colorList.split(", ");
  const fail = (what: string) => new Error(`seed catalogue, "${header}": bad ${what}`);
  if (!(GARMENT_KINDS as string[]).includes(kind)) throw fail("garment");
  if (!/^\d+\.\d\d$/.test(euros)) throw fail("price");
  if (!colors.every((c) => isKey(COLORS, c))) throw fail("colour");
  if (!isKey(TRIMS, trim)) throw fail("trim");
  if (sizeRange(sizes).length === 0) throw fail("sizes");
  return {
    name,
    kind: kind as GarmentKind,
    priceCents: Math.round(Number(euros) * 100),
    colors: colors as ColorName[],
    trim: TRIMS[trim],
    sizes: sizeRange(sizes),
  };
}

function buildProducts(): SeedProduct[] {
  const rows = (Object.keys(CATALOGUE) as SeedCategory[]).flatMap((category) =>
    CATALOGUE[category].map(([header, description]) => ({ category, description, header })),
  );
  return rows.map(({ category, description, header }, index) => {
    const { name, kind, priceCents, colors, trim, sizes } = parseHeader(header);
    const slug = slugify(name);
    const [first, second] = colors as [ColorName, ColorName?];
    // Front in each colour, then back, close-up and folded (alternating order); 2 to 4 of them.
    const other: GarmentView = index % 2 ? "detail" : "folded";
    const shots: Array<[ColorName, GarmentView]> = [
      [first, "front"],
      ...(second ? [[second, "front"] as [ColorName, GarmentView]] : []),
      [first, "back"],
      [first, other],
      [first, other === "detail" ? "folded" : "detail"],
    ];
    const images = shots.slice(0, 2 + (index % 3)).map(([color, view], i) => ({
      key: `products/${slug}/${i + 1}.svg`,
      svg: garmentSvg({ kind, color: COLORS[color], accent: trim, view }),
      alt: `${color} ${name}, ${VIEW_ALT[view]}`,
    }));
    return {
      slug,
      name,
      category,
      priceCents,
      description,
      sizes,
      images,
      createdAt: new Date(START + index * STEP).toISOString(),
    };
  });
}

export const SEED_PRODUCTS: readonly SeedProduct[] = buildProducts();
