import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';
import { BUSINESS_FORM_PATH } from '../lib/constants';
import { businessHome, section } from '../lib/links';
import { useBusinessSession } from '../lib/session';
import '@client/styles/business.css';

type Fact = { figure: MessageDescriptor; title: MessageDescriptor; text: MessageDescriptor };

/** SPEC §9 onboarding facts, word for word where the spec gives figures (`i18n._` each). */
export const ONBOARDING_FACTS: readonly Fact[] = [
  { figure: msg`15 days`, title: msg`Free trial`, text: msg`Run offers for 15 days free. No onboarding fee.` },
  {
    figure: msg`0%`,
    title: msg`Zero commission`,
    text: msg`We take no commission on your bills. The only charge is the 1.5% transaction fee on payments made through Bachat.`,
  },
  { figure: msg`1.5%`, title: msg`Transaction fee`, text: msg`A flat 1.5% transaction fee on payments made through Bachat.` },
  {
    figure: msg`2–5 days`,
    title: msg`Go live fast`,
    text: msg`Your outlet goes live 2-5 working days after your documents are verified.`,
  },
];

export const ONBOARDING_DOCUMENTS: readonly MessageDescriptor[] = [
  msg`Business name and address`,
  msg`PAN card`,
  msg`GSTIN certificate (the acknowledgment number is accepted while the certificate is pending)`,
  msg`Cancelled cheque or passbook`,
];

const STEPS: readonly { title: MessageDescriptor; text: MessageDescriptor }[] = [
  { title: msg`Apply online`, text: msg`Fill in the business form and upload your documents. It takes about five minutes.` },
  { title: msg`We verify`, text: msg`Our team checks your documents and sets up your outlet page.` },
  { title: msg`Schedule offers`, text: msg`Plan regular, daily and event offers by the hour. Shoppers nearby see them live.` },
  { title: msg`Get paid`, text: msg`Shoppers pay the bill in the app; settlements reach your bank account.` },
];

/** /for-bussiness: the business landing page. */
export function BusinessLandingPage() {
  const { t, i18n } = useLingui();
  useScrollToTop();
  const session = useBusinessSession();

  return (
    <div className="page biz-landing">
      <title>{t`Bachat for Business · Fill tables in your quiet hours`}</title>
      <meta
        name="description"
        content={t`List your restaurant, café, shop or salon on Bachat: 15-day free trial, no onboarding fee, zero commission and a 1.5% transaction fee.`}
      />
      <section className="biz-hero">
        <p className="biz-hero__kicker">
          <Trans>Bachat for Business</Trans>
        </p>
        <h1 className="biz-hero__title">
          <Trans>Bring shoppers in when your outlet is quiet</Trans>
        </h1>
        <p className="biz-hero__lead">
          <Trans>
            Schedule instant discounts by the hour, let shoppers pay the bill in the app, and watch coupons, revenue and
            settlements in one dashboard.
          </Trans>
        </p>
        <div className="biz-hero__actions">
          <Link href={`~${BUSINESS_FORM_PATH}`} className="btn btn--primary btn--md">
            <Trans>Register your business</Trans>
          </Link>
          {session ? (
            <Link href={`~${businessHome(session.details.currentOutletId)}`} className="btn btn--secondary btn--md">
              <Trans>Open your dashboard</Trans>
            </Link>
          ) : (
            <Link href={section.login} className="btn btn--secondary btn--md">
              <Trans>Business login</Trans>
            </Link>
          )}
        </div>
      </section>

      <section aria-labelledby="biz-facts-title" className="biz-section">
        <h2 id="biz-facts-title" className="biz-section__title">
          <Trans>Simple, honest pricing</Trans>
        </h2>
        <ul className="biz-facts">
          {ONBOARDING_FACTS.map((fact, index) => (
            <li key={index} className="biz-fact">
              <span className="biz-fact__figure">{i18n._(fact.figure)}</span>
              <span className="biz-fact__title">{i18n._(fact.title)}</span>
              <span className="biz-fact__text">{i18n._(fact.text)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="biz-steps-title" className="biz-section">
        <h2 id="biz-steps-title" className="biz-section__title">
          <Trans>How it works</Trans>
        </h2>
        <ol className="biz-steps">
          {STEPS.map((step, index) => (
            <li key={index} className="biz-step">
              <span className="biz-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="biz-step__title">{i18n._(step.title)}</h3>
                <p className="biz-step__text">{i18n._(step.text)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="biz-docs-title" className="biz-section biz-docs">
        <h2 id="biz-docs-title" className="biz-section__title">
          <Trans>Documents you need</Trans>
        </h2>
        <ul className="biz-docs__list">
          {ONBOARDING_DOCUMENTS.map((doc, index) => (
            <li key={index}>{i18n._(doc)}</li>
          ))}
        </ul>
        <p className="muted biz-docs__note">
          <Trans>Refunds are handled by your outlet. Bachat offers can be combined with your own offers.</Trans>
        </p>
        <Link href={`~${BUSINESS_FORM_PATH}`} className="btn btn--primary btn--md">
          <Trans>Start your 15-day free trial</Trans>
        </Link>
      </section>
    </div>
  );
}
