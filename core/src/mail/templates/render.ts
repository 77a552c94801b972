// One mail element → the message's subject, HTML part and plain-text part. The text part is
// React Email's plain-text rendering of the same element (docs/decisions/016-email-templates.md),
// so both parts always say the same thing.
import { render } from "@react-email/render";
import type { ReactElement } from "react";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const plainText = {
  selectors: [
    // Headings as written (html-to-text shouts them by default).
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    // React Email lays rows out as tables: one row, one line (its cells side by side).
    { selector: "tr", format: "block" },
  ],
};

export async function renderParts(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: plainText }),
  ]);
  return { subject, html, text };
}
