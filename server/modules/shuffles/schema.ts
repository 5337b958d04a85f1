import { z } from 'zod';
import { outletIdSchema } from '../bills/schema.ts';

/**
 * Shuffle Cards (docs/payments.md): the shopper sees the outlet's range, picks one of the face-down
 * cards, and the server draws that card's value from the range with the CSPRNG. A request can name a
 * card but never its value. One free shuffle per shopper per outlet per IST day; a Golden Key buys another.
 */

/** How many face-down cards are dealt. */
export const SHUFFLE_CARD_COUNT = 3;

export const SHUFFLE_MESSAGES = {
  freeUsed: "You have used today's free shuffle at this outlet. Use a Golden Key to shuffle again.",
  noGoldKeys: 'You have no Golden Keys left. Refer a friend to earn more.',
  unavailable: 'Shuffle Cards is not available at this outlet.',
  outletNotFound: 'Outlet not found',
} as const;

/** `shuffles.deal` / `POST /api/outlet/getShuffle` (`macId` is the legacy device id, accepted and ignored). */
export const dealShuffleInputSchema = z.object({
  outletId: outletIdSchema,
  macId: z.string().max(200).optional(),
});
export type DealShuffleInput = z.input<typeof dealShuffleInputSchema>;

export interface ShuffleDeal {
  outletId: number;
  outletName: string;
  /** The range every card's value is drawn from, shown before the pick. */
  minPercent: number;
  maxPercent: number;
  /** Number of face-down cards (indexes 0 … cardCount − 1). */
  cardCount: number;
  /** Whether today's free shuffle at this outlet is still unused. */
  freeAvailable: boolean;
  /** The shopper's Golden Key balance. */
  goldKeys: number;
  /** Whether a shuffle is possible now (free, or with a Golden Key). */
  canShuffle: boolean;
}

/**
 * `shuffles.save` / `POST /api/user/saveDiscount`. Only the card index and `useGoldKey` matter; the
 * legacy fields (`discount`, `validity`, `isLive`, `discountType`, `measkOrderId`, `macId`) are
 * accepted for the mobile wrapper and ignored: the value and validity are decided by the server.
 */
export const saveShuffleInputSchema = z.object({
  outletId: outletIdSchema,
  card: z.coerce.number().int().min(0).max(SHUFFLE_CARD_COUNT - 1).default(0),
  useGoldKey: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .default(false),
  macId: z.string().max(200).optional(),
  discount: z.unknown().optional(),
  validity: z.unknown().optional(),
  isLive: z.unknown().optional(),
  discountType: z.unknown().optional(),
  measkOrderId: z.unknown().optional(),
});
export type SaveShuffleInput = z.input<typeof saveShuffleInputSchema>;

export interface SavedShuffle {
  coupon: {
    id: number;
    code: string;
    outletId: number;
    discountPercent: number;
    isLive: boolean;
    validUntil: Date;
    usedGoldenKey: boolean;
  };
  /** The card the shopper picked and its value (= coupon.discountPercent). */
  card: number;
  /** What the other cards would have shown (drawn the same way; for the reveal only). */
  otherCards: { card: number; discountPercent: number }[];
  /** Golden Key balance after this shuffle. */
  goldKeys: number;
}
