import { Link } from 'wouter';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';
import { BUSINESS_FORM_PATH } from '../lib/constants';
import { businessHome, section } from '../lib/links';
import { useBusinessSession } from '../lib/session';
import '@client/styles/business.css';

/** SPEC §9 onboarding facts, word for word where the spec gives figures. */
export const ONBOARDING_FACTS = [
  { figure: '15 days', title: 'Free trial', text: 'Run offers for 15 days free. No onboarding fee.' },
  { figure: '0%', title: 'Zero commission', text: 'Keep every rupee of your bill: we take no commission.' },
  { figure: '1.5%', title: 'Transaction fee', text: 'A flat 1.5% transaction fee on payments made through Bachat.' },
  { figure: '2–5 days', title: 'Go live fast', text: 'Your outlet goes live 2-5 working days after your documents are verified.' },
] as const;

export const ONBOARDING_DOCUMENTS = [
  'Business name and address',
  'PAN card',
  'GSTIN certificate (the acknowledgment number is accepted while the certificate is pending)',
  'Cancelled cheque or passbook',
] as const;

const STEPS = [
  { title: 'Apply online', text: 'Fill in the business form and upload your documents. It takes about five minutes.' },
  { title: 'We verify', text: 'Our team checks your documents and sets up your outlet page.' },
  { title: 'Schedule offers', text: 'Plan regular, daily and event offers by the hour. Shoppers nearby see them live.' },
  { title: 'Get paid', text: 'Shoppers pay the bill in the app; settlements reach your bank account.' },
] as const;

/** /for-bussiness: the business landing page. */
export function BusinessLandingPage() {
  useScrollToTop();
  const session = useBusinessSession();

  return (
    <div className="page biz-landing">
      <title>Bachat for Business · Fill tables in your quiet hours</title>
      <meta
        name="description"
        content="List your restaurant, café, shop or salon on Bachat: 15-day free trial, no onboarding fee, zero commission and a 1.5% transaction fee."
      />
      <section className="biz-hero">
        <p className="biz-hero__kicker">Bachat for Business</p>
        <h1 className="biz-hero__title">Bring shoppers in when your outlet is quiet</h1>
        <p className="biz-hero__lead">
          Schedule instant discounts by the hour, let shoppers pay the bill in the app, and watch
          coupons, revenue and settlements in one dashboard.
        </p>
        <div className="biz-hero__actions">
          <Link href={`~${BUSINESS_FORM_PATH}`} className="btn btn--primary btn--md">
            Register your business
          </Link>
          {session ? (
            <Link href={`~${businessHome(session.details.currentOutletId)}`} className="btn btn--secondary btn--md">
              Open your dashboard
            </Link>
          ) : (
            <Link href={section.login} className="btn btn--secondary btn--md">
              Business login
            </Link>
          )}
        </div>
      </section>

      <section aria-labelledby="biz-facts-title" className="biz-section">
        <h2 id="biz-facts-title" className="biz-section__title">
          Simple, honest pricing
        </h2>
        <ul className="biz-facts">
          {ONBOARDING_FACTS.map((fact) => (
            <li key={fact.title} className="biz-fact">
              <span className="biz-fact__figure">{fact.figure}</span>
              <span className="biz-fact__title">{fact.title}</span>
              <span className="biz-fact__text">{fact.text}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="biz-steps-title" className="biz-section">
        <h2 id="biz-steps-title" className="biz-section__title">
          How it works
        </h2>
        <ol className="biz-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="biz-step">
              <span className="biz-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="biz-step__title">{step.title}</h3>
                <p className="biz-step__text">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="biz-docs-title" className="biz-section biz-docs">
        <h2 id="biz-docs-title" className="biz-section__title">
          Documents you need
        </h2>
        <ul className="biz-docs__list">
          {ONBOARDING_DOCUMENTS.map((doc) => (
            <li key={doc}>{doc}</li>
          ))}
        </ul>
        <p className="muted biz-docs__note">
          Refunds are handled by your outlet. Bachat offers can be combined with your own offers.
        </p>
        <Link href={`~${BUSINESS_FORM_PATH}`} className="btn btn--primary btn--md">
          Start your 15-day free trial
        </Link>
      </section>
    </div>
  );
}
