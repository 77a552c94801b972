// The newsletter's event type, in a module of its own (no imports), for the sending code and the
// reactions table (../reactions/) alike.
export const NEWSLETTER_SEND_REQUESTED = "newsletter.send.requested";
/** One page of subscribers to queue the newsletter to (its send, number and cursor). */
export const NEWSLETTER_PAGE_REQUESTED = "newsletter.page.requested";
