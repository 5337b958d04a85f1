import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { DoneIcon } from '@client/components/ui/icons';
import { flashAtom } from '@client/lib/flash';

/** How long a notice stays before it goes by itself. */
export const FLASH_MS = 8000;

/** The shell's one-time notice (lib/flash.ts): announced, dismissable, gone after FLASH_MS. */
export function FlashNotice() {
  const { t } = useLingui();
  const [flash, setFlash] = useAtom(flashAtom);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash, setFlash]);
  if (!flash) return null;
  return (
    <div className="flash" role="status">
      <DoneIcon width={20} height={20} className="flash__icon" />
      <p className="flash__text">
        {flash.kind === 'account-deleted' ? (
          <Trans>Your account has been deleted. You are signed out on every device.</Trans>
        ) : null}
      </p>
      <button type="button" className="flash__close" aria-label={t`Dismiss`} onClick={() => setFlash(null)}>
        ×
      </button>
    </div>
  );
}
