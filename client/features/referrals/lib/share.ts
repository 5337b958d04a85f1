import { t } from '@lingui/core/macro';

/** SPEC §8 sharing messages, word for word in English (the Hindi in the catalog). */
export const SHARE_MESSAGES = {
  noCode: () => t`No User ID available to share`,
  cancelled: () => t`Share operation was cancelled`,
  failed: () => t`Could not share User ID`,
  copied: () => t`Copied to clipboard instead`,
} as const;

export type ShareOutcome = { kind: 'shared' | 'copied' | 'cancelled' | 'error'; message: string | null };

type ShareEnv = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  writeText?: (text: string) => Promise<void>;
};

function browserEnv(): ShareEnv {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    share: nav?.share ? nav.share.bind(nav) : undefined,
    canShare: nav?.canShare ? nav.canShare.bind(nav) : undefined,
    writeText: nav?.clipboard?.writeText ? nav.clipboard.writeText.bind(nav.clipboard) : undefined,
  };
}

/**
 * Shares the referral link with the Web Share API; without it (most desktops) the link is copied
 * instead. A dismissed share sheet is "cancelled", not an error.
 */
export async function shareReferral(
  code: string | null | undefined,
  url: string,
  env: ShareEnv = browserEnv(),
): Promise<ShareOutcome> {
  if (!code) return { kind: 'error', message: SHARE_MESSAGES.noCode() };
  const text = t`Join me on Bachat and save instantly when you pay at outlets near you. Use my referral code ${code} when you sign up:`;
  const data: ShareData = { title: t`Bachat: refer and earn`, text, url };

  if (env.share && (!env.canShare || env.canShare(data))) {
    try {
      await env.share(data);
      return { kind: 'shared', message: null };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        return { kind: 'cancelled', message: SHARE_MESSAGES.cancelled() };
      }
      // Fall through to the clipboard.
    }
  }
  if (env.writeText) {
    try {
      await env.writeText(`${text} ${url}`);
      return { kind: 'copied', message: SHARE_MESSAGES.copied() };
    } catch {
      // Clipboard refused (permissions, insecure context).
    }
  }
  return { kind: 'error', message: SHARE_MESSAGES.failed() };
}
