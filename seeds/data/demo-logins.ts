/**
 * The demo accounts the seeds create (only when demo data is enabled). README, tests and the
 * e2e suite import these instead of repeating them.
 */
export const DEMO_BUSINESS_OWNER = {
  username: 'demo.owner',
  password: 'Bachat@123',
  name: 'Ravi Kumar',
  phoneNumber: '9845012345',
  email: 'ravi.kumar@example.com',
  pan: 'ABCPK1234L',
  designation: 'Proprietor',
} as const;

/** A sub-account of the master above, granted 2 of its 3 outlets. */
export const DEMO_BUSINESS_STAFF = {
  username: 'demo.staff',
  password: 'Bachat@123',
  name: 'Suresh Gowda',
  phoneNumber: '9845067890',
  email: 'suresh.gowda@example.com',
  designation: 'Outlet Manager',
} as const;

export const DEMO_SALES = {
  username: 'sales',
  password: 'Sales@123',
  name: 'Priya Sharma',
} as const;

/** Shoppers log in with an OTP; the phone is what you type. */
export const DEMO_SHOPPER = {
  phoneNumber: '9876543210',
  name: 'Aarav Mehta',
  email: 'aarav.mehta@example.com',
  referralCode: 'MEAARAV1',
} as const;

/** Slugs (in Bengaluru) of the demo owner's outlets; the staff account gets the first two. */
export const DEMO_OWNER_OUTLET_SLUGS = [
  'sri-krishna-udupi-grand',
  'kaapi-katte-koramangala',
  'krishna-sweets-bakery',
] as const;

export const DEMO_LOGINS = {
  businessOwner: DEMO_BUSINESS_OWNER,
  businessStaff: DEMO_BUSINESS_STAFF,
  sales: DEMO_SALES,
  shopper: DEMO_SHOPPER,
} as const;
