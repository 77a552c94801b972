// Reviews, server side: writing and deleting a review, a product's list, the admin's latest, how
// many one customer wrote.
export * from "./authors.server.ts";
export * from "./fit.server.ts";
export * from "./fit-events.ts";
export * from "./latest.server.ts";
export * from "./listing.server.ts";
export * from "./reviews.server.ts";
