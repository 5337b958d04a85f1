/**
 * Owner refunds are possible this long after the payment (inclusive). A file of its own, with no
 * imports, so the shopper pages that state the rule (the FAQ, the terms) read it without loading the
 * payments schemas.
 */
export const OWNER_REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;
