import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDate } from '@client/lib/format';
import '@client/styles/content.css';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';

type Section = { id: string; title: MessageDescriptor; body: ReactNode };

type LegalPageProps = {
  title: string;
  description: string;
  heading: string;
  /** The version's date (India), 'YYYY-MM-DD'. */
  updated: string;
  intro: ReactNode;
  sections: readonly Section[];
};

/** A readable long-form page with an in-page table of contents (terms, privacy). */
export function LegalPage({ title, description, heading, updated, intro, sections }: LegalPageProps) {
  const { i18n, t } = useLingui();
  useScrollToTop();
  const date = formatDate(`${updated}T12:00:00+05:30`);
  return (
    <article className="page prose-page">
      <title>{title}</title>
      <meta name="description" content={description} />
      <header className="prose-page__header">
        <h1 className="prose-page__title">{heading}</h1>
        <p className="prose-page__updated">
          <Trans>Last updated {date}</Trans>
        </p>
      </header>
      <div className="prose-page__layout">
        <nav className="prose-page__toc" aria-label={t`On this page`}>
          <p className="prose-page__toc-title">
            <Trans>On this page</Trans>
          </p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{i18n._(section.title)}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose">
          <div className="prose__intro">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                {index + 1}. {i18n._(section.title)}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
