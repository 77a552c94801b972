import { newsletterParagraphs } from "@shop/core/newsletter";

/**
 * The newsletter as a subscriber will see it: the subject, the message in paragraphs (the
 * e-mail's own rule, shared with core) and the unsubscribe line every e-mail ends with. The text
 * is rendered as text, never as HTML.
 */
export function NewsletterPreview({ subject, body }: { subject: string; body: string }) {
  const paragraphs = newsletterParagraphs(body);
  return (
    <section
      aria-labelledby="newsletter-preview-title"
      className="rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5"
    >
      <h3 id="newsletter-preview-title" className="text-sm font-semibold text-stone-600">
        Preview
      </h3>
      <div
        data-testid="newsletter-preview"
        className="mt-3 rounded-lg border border-stone-200 bg-white p-4 text-stone-800 shadow-sm"
      >
        <p className="text-sm text-stone-500">
          Subject:{" "}
          <span data-testid="newsletter-preview-subject" className="font-semibold text-stone-900">
            {subject.trim() || "(no subject)"}
          </span>
        </p>
        <div className="mt-4 space-y-3 break-words">
          {paragraphs.length === 0 ? (
            <p className="text-stone-400">Your message appears here.</p>
          ) : (
            paragraphs.map((lines, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place.
              <p key={i}>
                {lines.map((line, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place.
                  <span key={j}>
                    {j > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
              </p>
            ))
          )}
        </div>
        <hr className="my-4 border-stone-200" />
        <p className="text-sm text-stone-500">
          <span className="underline">Unsubscribe</span> from this newsletter.
        </p>
      </div>
    </section>
  );
}
