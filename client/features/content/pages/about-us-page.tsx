import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import '@client/styles/content.css';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';

const STEPS = [
  { icon: '📍', title: 'Find an outlet', text: 'Browse restaurants, cafés, shops and salons near you, with the discount live right now.' },
  { icon: '🧾', title: 'Tap Pay Bill', text: 'Enter the final bill the outlet gives you. Your instant discount comes off on the spot.' },
  { icon: '✨', title: 'Shuffle for more', text: 'Play Shuffle Cards to unlock an additional discount, saved as a coupon in your profile.' },
  { icon: '✅', title: 'Pay and go', text: 'Pay securely by card or UPI. The outlet sees your payment instantly.' },
] as const;

const PROMISES = [
  { title: 'Works with in-store offers', text: "Our discount applies to the final bill, so it adds to the outlet's own deals." },
  { title: 'No hidden charges', text: 'Any fee is shown in the bill breakdown before you pay.' },
  { title: 'Your data stays yours', text: 'We never sell personal data, and we never store card details.' },
] as const;

export function AboutUsPage() {
  useScrollToTop();
  return (
    <div className="page about">
      <title>About us · Bachat</title>
      <meta
        name="description"
        content="Bachat helps shoppers in India save instantly at nearby restaurants, shops and services, and helps local outlets bring in customers with zero commission."
      />
      <section className="about__hero">
        <p className="about__eyebrow">About Bachat</p>
        <h1 className="about__title">Every bill, a little lighter.</h1>
        <p className="about__lead">
          Bachat (&ldquo;savings&rdquo; in Hindi) connects shoppers with instant discounts at the
          restaurants, cafés, shops and salons around them, and gives local outlets a simple way to
          fill quiet hours, with no commission.
        </p>
      </section>

      <section aria-labelledby="about-how" className="about__section">
        <h2 id="about-how" className="section-title">
          How it works
        </h2>
        <ol className="about__steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="about__step">
              <span className="about__step-icon" aria-hidden="true">
                {step.icon}
              </span>
              <span className="about__step-number">Step {index + 1}</span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-promise" className="about__section">
        <h2 id="about-promise" className="section-title">
          Our promise
        </h2>
        <ul className="about__promises">
          {PROMISES.map((promise) => (
            <li key={promise.title}>
              <h3>{promise.title}</h3>
              <p>{promise.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-business" className="about__business">
        <div>
          <h2 id="about-business" className="section-title">
            Own an outlet?
          </h2>
          <p>
            No onboarding fee, a 15-day free trial, zero commission and a 1.5% transaction fee. Go
            live 2-5 working days after your documents are verified.
          </p>
        </div>
        <div className="about__actions">
          <Link href={paths.forBusiness.href()} className="btn btn--primary btn--md">
            List your outlet
          </Link>
          <Link href={paths.becomePromoter.href()} className="btn btn--secondary btn--md">
            Become a promoter
          </Link>
        </div>
      </section>

      <p className="about__links muted">
        <Link href={paths.faqs.href()}>FAQs</Link> · <Link href={paths.terms.href()}>Terms</Link> ·{' '}
        <Link href={paths.privacy.href()}>Privacy</Link> · <Link href={paths.support.href()}>Contact us</Link>
      </p>
    </div>
  );
}
