import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import { KeyIcon } from '@client/components/ui/icons';
import { useCurrentUser } from '@client/lib/auth';
import { FaqAccordion } from '../components/faq-accordion';
import { BUSINESS_FAQ, NOT_FOUND_TEXT, USER_FAQ, filterFaq } from '../faq-data';
import { useIsDesktop } from '../use-is-desktop';
import '@client/styles/faq.css';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';

type Tab = 'user' | 'business';

const TABS: readonly { key: Tab; label: MessageDescriptor }[] = [
  { key: 'user', label: msg`User's FAQ` },
  { key: 'business', label: msg`Business's FAQ` },
];

export function FaqPage() {
  const { t, i18n } = useLingui();
  useScrollToTop();
  const [tab, setTab] = useState<Tab>('user');
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const { isLoggedIn } = useCurrentUser();
  const isDesktop = useIsDesktop();

  const items = filterFaq(tab === 'user' ? USER_FAQ : BUSINESS_FAQ, query, (m) => i18n._(m));

  const selectTab = (next: Tab) => {
    setTab(next);
    setOpenId(null);
  };

  return (
    <div className="page faq">
      <title>{t`FAQs · Bachat`}</title>
      <meta
        name="description"
        content={t`Answers about paying bills with Bachat, instant discounts, Shuffle Cards, Golden Keys, and listing your outlet.`}
      />

      <header className="faq__header">
        <h1 className="faq__title">
          <Trans>Frequently asked questions</Trans>
        </h1>
        <p className="muted">
          <Trans>Quick answers for shoppers and outlet owners.</Trans>
        </p>
      </header>

      <div className="faq__layout">
        <div className="faq__tabs">
          {/* Only tabs in the tablist (ARIA); Contact us is a link beside them. */}
          <div className="faq__tablist" role="tablist" aria-label={t`FAQ sections`} aria-orientation={isDesktop ? 'vertical' : 'horizontal'}>
            {TABS.map(({ key, label }) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`faq-tab-${key}`}
                aria-selected={tab === key}
                aria-controls="faq-panel"
                className="faq__tab"
                onClick={() => selectTab(key)}
              >
                {i18n._(label)}
              </button>
            ))}
          </div>
          <Link href={paths.support.href()} className="faq__tab faq__tab--link">
            <Trans>Contact us</Trans>
          </Link>
        </div>

        <section id="faq-panel" role="tabpanel" aria-labelledby={`faq-tab-${tab}`} className="faq__panel">
          <div className="faq__search">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="faq__search-icon">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <label htmlFor="faq-search" className="visually-hidden">
              <Trans>Search questions</Trans>
            </label>
            <input
              id="faq-search"
              type="search"
              className="faq__search-input"
              placeholder={t`Search questions`}
              value={query}
              autoComplete="off"
              onChange={(event) => {
                setQuery(event.target.value);
                setOpenId(null);
              }}
            />
          </div>

          {isLoggedIn ? (
            <Link href={paths.referEarn.href()} className="faq__refer">
              <span className="faq__refer-icon" aria-hidden="true">
                <KeyIcon width={22} height={22} />
              </span>
              <span>
                <strong>
                  <Trans>Refer &amp; Earn</Trans>
                </strong>
                <span className="faq__refer-text">
                  <Trans>Invite friends and earn Golden Keys</Trans>
                </span>
              </span>
            </Link>
          ) : null}

          {items.length > 0 ? (
            <FaqAccordion
              items={items}
              openId={openId}
              onToggle={(id) => setOpenId((current) => (current === id ? null : id))}
            />
          ) : (
            <p className="faq__not-found" role="status">
              {i18n._(isDesktop ? NOT_FOUND_TEXT.desktop : NOT_FOUND_TEXT.mobile)}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
