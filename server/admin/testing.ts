/**
 * Moved to server/test/factories.ts. This re-export keeps branches written before the move compiling
 * until they are merged; import from the factories instead, then delete this file.
 */
export { insertCategory, insertCity, insertConsumer, insertOutlet, insertOwner, insertPaidOrder, insertSalesStaff, OWNER_PASSWORD, ownerPasswordHash } from '../test/factories.ts';
