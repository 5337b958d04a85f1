import { TRPCClientError } from '@trpc/client';
import type { OutletCard, OutletDetails } from '@server/modules/outlets/schema';
import type { Review } from '@server/modules/reviews/schema';

/** The signed-in shopper most client tests use (`users.me`'s shape); override what a test needs. */
export function testShopper(overrides: Partial<TestShopper> = {}): TestShopper {
  return {
    id: 7,
    name: 'Aarav Mehta',
    email: 'aarav.mehta@example.com',
    phoneNumber: '9876543210',
    profilePicUrl: null,
    goldKeys: 2,
    referralCode: 'MEAARAV1',
    language: 'en',
    ...overrides,
  };
}

export type TestShopper = {
  id: number;
  name: string;
  email: string | null;
  phoneNumber: string;
  profilePicUrl: string | null;
  goldKeys: number;
  referralCode: string;
  language: 'en' | 'hi';
};

/** A live offer as the outlet lists send it: 20% off until 6 pm. */
export const testLiveOffer: NonNullable<OutletCard['liveOffer']> = {
  source: 'daily',
  adType: 'D',
  discountPercent: 20,
  title: 'Happy Hours: 20% off',
  promotionId: 3,
  slotId: 9,
  startsAt: '15:00',
  endsAt: '18:00',
  validUntil: new Date('2026-11-21T12:30:00Z'),
};

/** An outlet card (`outlets.nearby` items): Outlet {id} in Koramangala, no offer or photo; override what a test needs. */
export function testOutletCard(id: number, overrides: Partial<OutletCard> = {}): OutletCard {
  return {
    id,
    masterOutletId: null,
    name: `Outlet ${id}`,
    slug: `outlet-${id}`,
    locality: 'Koramangala',
    category: { id: 1, name: 'Food & Drinks', nameHi: null, slug: 'food-drinks' },
    city: { id: 1, name: 'Bengaluru', nameHi: null, slug: 'bengaluru' },
    latitude: 12.93,
    longitude: 77.62,
    distanceKm: null,
    liveOffer: null,
    photoUrl: null,
    isVeg: false,
    cuisines: [],
    costForTwoPaise: null,
    ...overrides,
  };
}

/** An outlet page's details (`outlets.byId` / `outlets.bySlug`): Kaapi Katte Koramangala with 22% off. */
export function testOutletDetails(overrides: Partial<OutletDetails> = {}): OutletDetails {
  return {
    ...testOutletCard(2, {
      name: 'Kaapi Katte Koramangala',
      slug: 'kaapi-katte-koramangala',
      category: { id: 2, name: 'Cafés', nameHi: null, slug: 'cafes' },
      liveOffer: { ...testLiveOffer, discountPercent: 22, title: 'Happy Hours: 22% off', promotionId: 4, slotId: 31 },
      photoUrl: '/uploads/seed/cafes-1.svg',
      isVeg: true,
      cuisines: ['Cafe', 'South Indian'],
      costForTwoPaise: 40000,
    }),
    addressLineOne: '12, 80 Feet Road',
    landmark: null,
    state: 'Karnataka',
    pincode: '560034',
    phoneNumber: '9845012345',
    opensAt: '08:00',
    closesAt: '23:00',
    isOpenNow: true,
    shuffleMinPercent: 2,
    shuffleMaxPercent: 10,
    ...overrides,
  };
}

/** A published review as shoppers see it (`reviews.list`); override what a test needs. */
export function testReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 7,
    outletId: 2,
    rating: 4,
    body: 'Crisp dosa',
    author: 'Asha R.',
    paidOn: '2026-11-19',
    createdAt: new Date('2026-11-20T10:00:00Z'),
    ownerReply: null,
    isMine: false,
    reportedByMe: false,
    ...overrides,
  };
}

/** A failed tRPC call as the server sends it: its message, its code ('NOT_FOUND'…) and HTTP status. */
export function trpcError(message: string, code: string, httpStatus = 400): TRPCClientError<never> {
  return new TRPCClientError(message, { result: { error: { message, code: -32600, data: { code, httpStatus } } } as never });
}
