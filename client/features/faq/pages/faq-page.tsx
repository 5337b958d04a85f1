import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import { useCurrentUser } from '@client/lib/auth';
import { FaqAccordion } from '../components/faq-accordion';
import { BUSINESS_FAQ, USER_FAQ, filterFaq, notFoundText } from '../faq-data';
import { useIsDesktop } from '../use-is-desktop';
import '@client/styles/faq.css';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';

type Tab = 'user' | 'business';

const TABS: readonly { key: Tab; label: string }[] = [
  { key: 'user', label: "User's FAQ" },
  { key: 'business', label: "Business's FAQ" },
];

export function FaqPage() {
  useScrollToTop();
  const [tab, setTab] = useState<Tab>('user');
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const { isLoggedIn } = useCurrentUser();
  const isDesktop = useIsDesktop();

  const items = filterFaq(tab === 'user' ? USER_FAQ : BUSINESS_FAQ, query);

  const selectTab = (next: Tab) => {
    setTab(next);
    setOpenId(null);
  };

  return (
    <div className="page faq">
      <title>FAQs · Bachat</title>
      <meta
        name="description"
        content="Answers about paying bills with Bachat, instant discounts, Shuffle Cards, Golden Keys, and listing your outlet."
      />

      <header className="faq__header">
        <h1 className="faq__title">Frequently asked questions</h1>
        <p className="muted">Quick answers for shoppers and outlet owners.</p>
      </header>

      <div className="faq__layout">
        <div className="faq__tabs" role="tablist" aria-label="FAQ sections" aria-orientation={isDesktop ? 'vertical' : 'horizontal'}>
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
              {label}
            </button>
          ))}
          <Link href={paths.support.href()} className="faq__tab faq__tab--link">
            Contact us
          </Link>
        </div>

        <section id="faq-panel" role="tabpanel" aria-labelledby={`faq-tab-${tab}`} className="faq__panel">
          <div className="faq__search">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="faq__search-icon">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <label htmlFor="faq-search" className="visually-hidden">
              Search questions
            </label>
            <input
              id="faq-search"
              type="search"
              className="faq__search-input"
              placeholder="Search questions"
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
                🔑
              </span>
              <span>
                <strong>Refer &amp; Earn</strong>
                <span className="faq__refer-text">Invite friends and earn Golden Keys</span>
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
              {notFoundText(isDesktop)}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
