/**
 * Which tRPC procedures the front end calls with the BUSINESS token (`business_auth_token`) instead of
 * the shopper's: a router's name for all its procedures, `router.procedure` for one procedure of a
 * router shoppers call too (reviews: shoppers write them, owners read and answer them; payments: the
 * counter's receipt check; notifications: the counter's payment alerts switch).
 *
 * The guards in server/trpc/trpc.ts are the truth; this is their list for the client, which cannot
 * import the routers (client/lib/trpc.ts splits its batches by it). Pure, no imports.
 * server/trpc/business-procedures.test.ts checks it against the routers: every procedure behind
 * businessProcedure / outletProcedure / masterProcedure is covered, and nothing else is but the public
 * procedures of a business router (its login).
 */
export const BUSINESS_PROCEDURES = [
  'businessAuth',
  'businessAccount',
  'subAccounts',
  'promotions',
  'dashboards',
  'counter',
  'reviews.forOutlet',
  'reviews.reply',
  'payments.checkReceipt',
  'payLinks.forOutlet',
  'notifications.ownerPushDevice',
  'notifications.subscribeOwnerPush',
  'notifications.unsubscribeOwnerPush',
] as const;

/** Whether the procedure at `path` (`router.procedure`) takes the business token. */
export function takesBusinessToken(path: string): boolean {
  const router = path.split('.')[0];
  return BUSINESS_PROCEDURES.some((entry) => entry === path || entry === router);
}
