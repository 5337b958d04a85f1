import { t } from '@lingui/core/macro';

/** SPEC §8 sharing messages, word for word in English (the Hindi in the catalog). */
export const SHARE_MESSAGES = {
  noOutlet: () => t`No outlet available to share`,
  cancelled: () => t`Share operation was cancelled`,
  copied: () => t`Copied to clipboard instead`,
  failed: () => t`Couldn't share this outlet`,
} as const;

export type ShareOutcome = { ok: boolean; message: string | null };

type Shareable = { name: string; locality: string; url: string; discountText?: string | null };

/**
 * Shares an outlet with the Web Share API; where that is missing or fails (other than the shopper
 * cancelling), copies the link to the clipboard instead.
 */
export async function shareOutlet(
  outlet: Shareable | null | undefined,
  nav: Pick<Navigator, 'share' | 'clipboard'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): Promise<ShareOutcome> {
  if (!outlet) return { ok: false, message: SHARE_MESSAGES.noOutlet() };
  const { name, locality, discountText } = outlet;
  const text = discountText
    ? t`${name}, ${locality}: ${discountText} when you pay with Bachat.`
    : t`${name}, ${locality}: pay your bill with Bachat and save instantly.`;

  if (nav && typeof nav.share === 'function') {
    try {
      await nav.share({ title: outlet.name, text, url: outlet.url });
      return { ok: true, message: null };
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') {
        return { ok: false, message: SHARE_MESSAGES.cancelled() };
      }
      // Fall through to the clipboard.
    }
  }
  try {
    await nav?.clipboard?.writeText(`${text} ${outlet.url}`);
    if (!nav?.clipboard) throw new Error('No clipboard');
    return { ok: true, message: SHARE_MESSAGES.copied() };
  } catch {
    return { ok: false, message: SHARE_MESSAGES.failed() };
  }
}
