// Every e-mail the shop sends (docs/product.md §12), by name: the one list that the render entry
// (../render.server.ts), the preview (scripts/mail-preview.ts) and the test share. A template
// file's name is its name here; the test fails on a template file that is not listed.
import { backInStockMail } from "./back-in-stock.tsx";
import { contactMessageMail } from "./contact-message.tsx";
import { emailChangeNoticeMail } from "./email-change-notice.tsx";
import { emailConfirmationMail } from "./email-confirmation.tsx";
import { newsletterMail } from "./newsletter.tsx";
import { orderConfirmationMail } from "./order-confirmation.tsx";
import { orderShippedMail } from "./order-shipped.tsx";
import { passwordResetMail } from "./password-reset.tsx";
import type { RenderedMail } from "./render.ts";
import { returnRefundedMail } from "./return-refunded.tsx";
import { returnRequestedMail } from "./return-requested.tsx";

export const mails = {
  "order-confirmation": orderConfirmationMail,
  "order-shipped": orderShippedMail,
  "password-reset": passwordResetMail,
  "email-confirmation": emailConfirmationMail,
  "email-change-notice": emailChangeNoticeMail,
  "contact-message": contactMessageMail,
  newsletter: newsletterMail,
  "back-in-stock": backInStockMail,
  "return-requested": returnRequestedMail,
  "return-refunded": returnRefundedMail,
} satisfies Record<string, (props: never) => Promise<RenderedMail>>;

export type MailName = keyof typeof mails;

/** The props each mail takes, by name. */
export type MailProps = { [N in MailName]: Parameters<(typeof mails)[N]>[0] };
