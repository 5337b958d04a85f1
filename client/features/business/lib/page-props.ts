import type { BusinessSession } from './session';

export type BusinessPageProps = {
  /** The outlet the page works on (null only on pages that need none, when the owner has none). */
  outletId: number | null;
  session: BusinessSession;
};
