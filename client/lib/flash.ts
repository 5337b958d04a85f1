import { atom } from 'jotai';

/**
 * A one-time notice that outlives the page that raised it (issue 17: "no confirmation after deleting an
 * account"): the profile page deletes the account, goes home, and the shell shows what happened. Set it
 * with `useSetAtom(flashAtom)`; the shell's `FlashNotice` shows it and clears it.
 */
export type Flash = { kind: 'account-deleted' };

export const flashAtom = atom<Flash | null>(null);
