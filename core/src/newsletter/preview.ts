// How a newsletter's text becomes the e-mail (browser-safe, so the admin's live preview and the
// sent e-mail share one rule): plain text, paragraphs split on blank lines, line breaks kept.
// Callers render the pieces as text (React: the admin's preview, and the e-mail's template in
// ../mail/templates/newsletter.tsx): never as HTML.

/** Windows and old Mac line endings (a textarea sends CRLF) as "\n". */
export const normalizeNewlines = (text: string) => text.replace(/\r\n?/g, "\n");

/** The body's paragraphs, each a list of its lines; blank-line runs separate paragraphs. */
export function newsletterParagraphs(body: string): string[][] {
  return normalizeNewlines(body)
    .trim()
    .split(/\n[ \t]*\n\s*/)
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => paragraph.split("\n"));
}
