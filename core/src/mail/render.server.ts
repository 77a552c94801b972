// Renders one of the shop's e-mails by name (the templates are ./templates, one per mail, on one
// layout: docs/decisions/016-email-templates.md). The templates and React Email load on the
// first mail a process renders, not when it starts: most requests send none.
import type { MailName, MailProps } from "./templates/mails.ts";
import type { RenderedMail } from "./templates/render.ts";

export * from "./templates/subjects.ts";
export type { MailName, MailProps, RenderedMail };

/** The mail's subject, HTML part and plain-text part; every text in `props` is escaped. */
export async function renderMail<N extends MailName>(
  name: N,
  props: MailProps[N],
): Promise<RenderedMail> {
  const { mails } = await import("./templates/mails.ts");
  const render = mails[name] as (props: MailProps[N]) => Promise<RenderedMail>;
  return render(props);
}
