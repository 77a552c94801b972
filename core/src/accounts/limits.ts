// The abuse limits of the auth endpoints, set by configuration (README "Configuration").
// Defaults (docs/architecture.md §6): failures count per e-mail AND client address, so nobody can lock
// another person out from elsewhere; at least 20 sign-ups an hour from one address (offices
// and campuses share addresses). A second, higher count per e-mail from any address slows an
// attacker who rotates addresses; it is high enough (20 an hour by default, four addresses'
// worth of the pair's 5) that a few wrong tries elsewhere do not lock the owner out.
export interface AbuseLimits {
  /**
   * Failed sign-ins per e-mail + client address, in any stretch of the window's length (a sliding
   * window: ./sliding-window.ts), before that pair is locked.
   */
  signInFailures: { max: number; windowSeconds: number };
  /** Failed sign-ins per e-mail, from any address, in any hour, before that e-mail is locked. */
  signInFailuresPerEmail: { max: number; windowSeconds: number };
  /** Sign-ups per client address. */
  signUps: { max: number; windowSeconds: number };
  /** Reset e-mails per e-mail address. */
  resetsPerEmail: { max: number; windowSeconds: number };
  /** Reset requests per client address. */
  resetsPerAddress: { max: number; windowSeconds: number };
  /** Checkout price quotes per account, and per client address (each its own count). */
  checkoutQuotes: { max: number; windowSeconds: number };
  /** Promotion codes tried and not valid, per account and per client address. */
  promotionFailures: { max: number; windowSeconds: number };
  /** Orders placed (each "Confirm order"), per account and per client address. */
  orders: { max: number; windowSeconds: number };
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number) {
  const value = Number(env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function loadAbuseLimits(env: Record<string, string | undefined> = {}): AbuseLimits {
  return {
    signInFailures: {
      max: positive(env, "SIGNIN_MAX_FAILURES", 5),
      windowSeconds: positive(env, "SIGNIN_LOCK_MINUTES", 15) * 60,
    },
    signInFailuresPerEmail: {
      max: positive(env, "SIGNIN_MAX_FAILURES_PER_EMAIL_PER_HOUR", 20),
      windowSeconds: 3600,
    },
    signUps: { max: positive(env, "SIGNUP_MAX_PER_HOUR", 50), windowSeconds: 3600 },
    resetsPerEmail: { max: positive(env, "RESET_MAX_PER_EMAIL_PER_HOUR", 5), windowSeconds: 3600 },
    resetsPerAddress: {
      max: positive(env, "RESET_MAX_PER_ADDRESS_PER_HOUR", 20),
      windowSeconds: 3600,
    },
    // A checkout asks for a quote on every change (quantity, delivery, code): hundreds an hour
    // is a busy shopper; thousands is a script. Wrong codes and orders stay few for a person and
    // are what code guessing and card testing repeat.
    checkoutQuotes: { max: positive(env, "CHECKOUT_QUOTES_PER_HOUR", 300), windowSeconds: 3600 },
    promotionFailures: {
      max: positive(env, "PROMOTION_FAILURES_PER_HOUR", 10),
      windowSeconds: 3600,
    },
    orders: { max: positive(env, "ORDERS_PER_HOUR", 10), windowSeconds: 3600 },
  };
}

/** "Try again in 12 minutes." */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "Try again in 1 minute." : `Try again in ${minutes} minutes.`;
}
