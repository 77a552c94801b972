// A window of time a merchandiser sets (a promotion, a sale price): each end is a day in the
// shop's time zone ("2026-12-01": from that day's first moment through its last) or an exact
// instant (ISO). Pure.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One formatter per time zone: making an Intl.DateTimeFormat costs far more than formatting with
 * it (tens of microseconds), and the catalogue asks the day of thousands of sales.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day `now` is in `timeZone`, as YYYY-MM-DD. */
export function dayIn(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Whether `now` is before the window, after it, or in it (undefined). */
export function dateWindow(
  window: { startsAt?: string; endsAt?: string },
  now: Date,
  timeZone: string,
): "not-started" | "ended" | undefined {
  const today = dayIn(now, timeZone);
  const { startsAt, endsAt } = window;
  if (startsAt && (DAY.test(startsAt) ? today < startsAt : now < new Date(startsAt))) {
    return "not-started";
  }
  if (endsAt && (DAY.test(endsAt) ? today > endsAt : now >= new Date(endsAt))) return "ended";
  return undefined;
}
