import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BottomNav } from './bottom-nav';
import { FlashNotice } from './flash-notice';
import { TopBar } from './top-bar';

type MainLayoutProps = {
  children: ReactNode;
  /** Called when the shopper taps Home (the app clears the browse filters). */
  onHomeClick?: () => void;
  /** Extra top-bar actions (the notification bell), composed by the app. */
  topBarActions?: ReactNode;
};

export function MainLayout({ children, onHomeClick, topBarActions }: MainLayoutProps) {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <TopBar onHomeClick={onHomeClick} actions={topBarActions} />
      <FlashNotice />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <BottomNav onHomeClick={onHomeClick} />
    </div>
  );
}
