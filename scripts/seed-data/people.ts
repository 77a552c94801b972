// Seed customers (their password is set by the seeder) and their reviews. Ratings are mixed so
// that product averages differ and the "best rating" sort means something; every review is dated
// after the whole catalogue was created. Pure and deterministic.

export interface SeedCustomer {
  firstName: string;
  lastName: string;
  email: string;
}

export interface SeedReview {
  productSlug: string;
  customerEmail: string;
  rating: 1 | 2 | 3 | 4 | 5;
  description: string;
  createdAt: string;
}

export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  { firstName: "Ana", lastName: "García", email: "ana.garcia@example.com" },
  { firstName: "Liam", lastName: "O'Brien", email: "liam.obrien@example.com" },
  { firstName: "Mei", lastName: "Chen", email: "mei.chen@example.com" },
  { firstName: "Jonas", lastName: "Weber", email: "jonas.weber@example.com" },
  { firstName: "Amara", lastName: "Okafor", email: "amara.okafor@example.com" },
  { firstName: "Lucas", lastName: "Martin", email: "lucas.martin@example.com" },
  { firstName: "Sofia", lastName: "Rossi", email: "sofia.rossi@example.com" },
  { firstName: "Noah", lastName: "Jensen", email: "noah.jensen@example.com" },
];

/** Per product: [customer index in SEED_CUSTOMERS, rating, text]. */
const REVIEWS: Record<string, Array<[number, SeedReview["rating"], string]>> = {
  "organic-cotton-crew-t-shirt": [
    [
      0,
      5,
      "Lovely soft cotton and the neckline keeps its shape after many washes. Bought a second colour.",
    ],
    [1, 5, "Perfect everyday tee. True to size, not see-through, and the navy has not faded."],
    [3, 4, "Great quality for the price. Slightly long in the body for me, but I tuck it in."],
    [4, 5, "The best basic T-shirt I have owned. Soft from day one."],
    [
      5,
      4,
      "Good fit and fabric. Shrank a tiny bit in the first wash at 40 °C, so follow the label.",
    ],
    [6, 3, "Nice fabric, but the grey is lighter than on the photos."],
    [7, 5, "Fits well across the shoulders, which is rare for me. Will buy again."],
  ],
  "merino-roll-neck-sweater": [
    [1, 5, "Warm, thin and not itchy at all. Looks sharp under a blazer."],
    [3, 5, "Worth every cent. Washed it on the wool cycle and it came out perfect."],
    [5, 5, "Beautiful camel colour and a very neat roll neck."],
    [7, 4, "Great sweater; sleeves are a little long, so consider sizing down."],
  ],
  "waxed-field-jacket": [
    [
      3,
      5,
      "Kept me dry through a week of Scottish drizzle. The corduroy collar is a lovely touch.",
    ],
    [5, 4, "Solid jacket with useful pockets. The wax smell fades after a few days."],
    [7, 5, "Roomy enough for a thick jumper underneath. Feels like it will last decades."],
  ],
  "slim-selvedge-jeans": [
    [1, 4, "Great denim, stiff at first but they soften quickly."],
    [3, 3, "Nice fabric, but the leg is slimmer than I expected. Size up."],
    [5, 2, "The dye rubbed off on my white sneakers during the first week."],
    [7, 4, "Good rise and a clean look. The copper rivets age nicely."],
  ],
  "jersey-wrap-dress": [
    [0, 5, "So flattering and comfortable. I wore it to a wedding and all day at work."],
    [2, 5, "Does not crease in a suitcase. Perfect travel dress."],
    [6, 4, "Lovely dress; the tie is a bit short if you like a big bow."],
  ],
  "pleated-midi-skirt": [
    [2, 3, "Pretty colour and movement, but the fabric is thinner than I hoped."],
    [4, 2, "The pleats dropped after the first wash. Disappointed."],
  ],
  "cashmere-crew-sweater": [
    [0, 5, "Unbelievably soft and light. It is an investment, but it feels luxurious."],
    [4, 5, "No pilling after a whole winter of wear. Highly recommend."],
    [6, 5, "The oatmeal colour goes with everything. True to size."],
  ],
  "kids-fleece-hoodie": [
    [0, 4, "My son lives in this hoodie. Washes well, colour still bright."],
    [2, 5, "Soft, warm and the cords are stitched in, which I appreciate."],
    [6, 4, "Good quality; runs slightly big, which leaves room to grow."],
  ],
  "kids-waterproof-rain-jacket": [
    [1, 5, "Properly waterproof. Survived puddle jumping and a rainy school trip."],
    [4, 4, "Bright and practical. The hood could be a little deeper."],
    [7, 3, "Does the job, but the zip is stiff for small hands."],
  ],
  "organic-cotton-bodysuit": [
    [0, 5, "Super soft and the envelope shoulders make changes so much easier."],
    [2, 5, "Our go-to bodysuit. The poppers are sturdy and easy to line up."],
    [4, 4, "Good quality; sizes come up a bit small, so order one size up."],
    [6, 5, "Gentle on my baby's sensitive skin. No tags to scratch."],
  ],
  "baby-knit-booties": [
    [2, 2, "Adorable, but they slip off after five minutes."],
    [6, 3, "Cute and soft; the cuff could be tighter."],
  ],
  "six-panel-cotton-cap": [
    [5, 1, "The strap buckle broke after two weeks."],
    [7, 2, "Shallow crown; it sits too high on my head."],
  ],
  "stretch-chino-trousers": [
    [1, 4, "Comfortable all day at the office. The stretch makes a big difference."],
    [5, 4, "Good fit and colour. Hems are a bit long but easy to alter."],
  ],
  "baby-muslin-bib": [
    [0, 5, "Absorbent and dries quickly. Still soft after many hot washes."],
    [4, 4, "Works well; the snap is a little hard to open with one hand."],
  ],
  "loopback-cotton-hoodie": [
    [3, 5, "Substantial fabric and a hood that actually stays up. Great hoodie."],
    [5, 4, "Nice heavy cotton; sleeves a touch long."],
    [7, 4, "Comfortable and well made. Lost a little softness after washing."],
  ],
  "footed-cotton-sleepsuit": [
    [2, 5, "Poppers all the way down make night changes painless."],
    [6, 5, "Soft, warm and the non-slip feet are great now that she is crawling."],
  ],
  "linen-sundress": [[0, 3, "Gorgeous colour, but it creases as soon as you sit down."]],
  "kids-stretch-jeans": [
    [1, 3, "Fit is fine, but the knees wore through after a few months."],
    [4, 4, "The adjustable waist is a lifesaver for my slim daughter."],
  ],
};

/** Deterministic dates: one review every 19 h 37 min from 1 April 2026, 08:00 UTC. */
const START = Date.UTC(2026, 3, 1, 8, 0, 0);
const STEP = (19 * 60 + 37) * 60 * 1000;

export const SEED_REVIEWS: readonly SeedReview[] = Object.entries(REVIEWS)
  .flatMap(([productSlug, list]) =>
    list.map(([customer, rating, description]) => ({ productSlug, customer, rating, description })),
  )
  .map(({ productSlug, customer, rating, description }, index) => {
    const author = SEED_CUSTOMERS[customer];
    if (!author) throw new Error(`no seed customer #${customer}`);
    return {
      productSlug,
      customerEmail: author.email,
      rating,
      description,
      createdAt: new Date(START + index * STEP).toISOString(),
    };
  });
