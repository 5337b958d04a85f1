/**
 * The pay-bill tests' fixtures are the shared factories (server/test/factories.ts). This re-export
 * serves the payments, orders and redeemed-history tests (and branches written before the move) while
 * those files are being changed elsewhere; point them at the factories, then delete this file.
 */
export { callerFor, giveGoldKeys, insertCoupon, insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';
