import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck, MapPin, ReceiptText, Sparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import '@client/styles/content.css';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';

const STEPS: readonly { icon: LucideIcon; title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    icon: MapPin,
    title: msg`Find an outlet`,
    text: msg`Browse restaurants, cafés, shops and salons near you, with the discount live right now.`,
  },
  {
    icon: ReceiptText,
    title: msg`Tap Pay Bill`,
    text: msg`Enter the final bill the outlet gives you. Your instant discount comes off on the spot.`,
  },
  {
    icon: Sparkles,
    title: msg`Shuffle for more`,
    text: msg`Play Shuffle Cards to unlock an additional discount, saved as a coupon in your profile.`,
  },
  { icon: BadgeCheck, title: msg`Pay and go`, text: msg`Pay securely by card or UPI. The outlet sees your payment instantly.` },
];

const PROMISES: readonly { title: MessageDescriptor; text: MessageDescriptor }[] = [
  { title: msg`Works with in-store offers`, text: msg`Our discount applies to the final bill, so it adds to the outlet's own deals.` },
  { title: msg`No hidden charges`, text: msg`Any fee is shown in the bill breakdown before you pay.` },
  { title: msg`Your data stays yours`, text: msg`We never sell personal data, and we never store card details.` },
];

export function AboutUsPage() {
  const { t, i18n } = useLingui();
  useScrollToTop();
  return (
    <div className="page about">
      <title>{t`About us · Bachat`}</title>
      <meta
        name="description"
        content={t`Bachat helps shoppers in India save instantly at nearby restaurants, shops and services, and helps local outlets bring in customers with zero commission.`}
      />
      <section className="about__hero">
        <p className="about__eyebrow">
          <Trans>About Bachat</Trans>
        </p>
        <h1 className="about__title">
          <Trans>Every bill, a little lighter.</Trans>
        </h1>
        <p className="about__lead">
          <Trans>
            Bachat ("savings" in Hindi) connects shoppers with instant discounts at the restaurants, cafés, shops and
            salons around them, and gives local outlets a simple way to fill quiet hours, with no commission.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="about-how" className="about__section">
        <h2 id="about-how" className="section-title">
          <Trans>How it works</Trans>
        </h2>
        <ol className="about__steps">
          {STEPS.map((step, index) => {
            const Icon = step.icon;
            const number = index + 1;
            return (
              <li key={number} className="about__step">
                <span className="about__step-icon" aria-hidden="true">
                  <Icon width={28} height={28} />
                </span>
                <span className="about__step-number">
                  <Trans>Step {number}</Trans>
                </span>
                <h3>{i18n._(step.title)}</h3>
                <p>{i18n._(step.text)}</p>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="about-promise" className="about__section">
        <h2 id="about-promise" className="section-title">
          <Trans>Our promise</Trans>
        </h2>
        <ul className="about__promises">
          {PROMISES.map((promise, index) => (
            <li key={index}>
              <h3>{i18n._(promise.title)}</h3>
              <p>{i18n._(promise.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-business" className="about__business">
        <div>
          <h2 id="about-business" className="section-title">
            <Trans>Own an outlet?</Trans>
          </h2>
          <p>
            <Trans>
              No onboarding fee, a 15-day free trial, zero commission and a 1.5% transaction fee. Go live 2-5 working days
              after your documents are verified.
            </Trans>
          </p>
        </div>
        <div className="about__actions">
          <Link href={paths.forBusiness.href()} className="btn btn--primary btn--md">
            <Trans>List your outlet</Trans>
          </Link>
          <Link href={paths.becomePromoter.href()} className="btn btn--secondary btn--md">
            <Trans>Become a promoter</Trans>
          </Link>
        </div>
      </section>

      <p className="about__links muted">
        <Link href={paths.faqs.href()}>
          <Trans>FAQs</Trans>
        </Link>{' '}
        ·{' '}
        <Link href={paths.terms.href()}>
          <Trans>Terms</Trans>
        </Link>{' '}
        ·{' '}
        <Link href={paths.privacy.href()}>
          <Trans>Privacy</Trans>
        </Link>{' '}
        ·{' '}
        <Link href={paths.support.href()}>
          <Trans>Contact us</Trans>
        </Link>
      </p>
    </div>
  );
}
