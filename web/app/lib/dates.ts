// Dates as the storefront shows them, written out by hand: the first `Intl.DateTimeFormat` a
// page builds loads the browser's locale data, and on the product page that cost more of the
// processor than all of React's hydration of the reviews (docs/decisions/033-colourways-and-variants.md,
// "Lighthouse"). English month names are all the shop needs.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "5 March 2026": the day, the month's name and the year, in UTC (as en-GB's long date). */
export function longDateUtc(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
