/** The rounded average rating as five stars, with the review count (docs/product.md §9: averages are rounded). */
export function Stars({ average, count }: { average: number; count: number }) {
  const rounded = Math.min(5, Math.max(0, Math.round(average)));
  const reviews = `${count} ${count === 1 ? "review" : "reviews"}`;
  return (
    <p className="flex items-center gap-1.5 text-sm text-stone-500">
      <span className="sr-only">
        Rated {rounded} out of 5 stars, {reviews}
      </span>
      <span aria-hidden="true" className="flex">
        {[1, 2, 3, 4, 5].map((star) => (
          <StarIcon key={star} filled={star <= rounded} />
        ))}
      </span>
      <span aria-hidden="true">({count})</span>
    </p>
  );
}

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="16"
      height="16"
      className={filled ? "fill-star" : "fill-stone-300"}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
    </svg>
  );
}
