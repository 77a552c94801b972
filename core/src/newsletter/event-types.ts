// The newsletter's event type, in a module of its own (no imports): the reactions table reads it
// while the modules that import each other (events ↔ newsletter) are still loading.
export const NEWSLETTER_SEND_REQUESTED = "newsletter.send.requested";
