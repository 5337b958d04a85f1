import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import { LegalPage } from '../components/legal-page';

const sections = [
  {
    id: 'collect',
    title: msg`What we collect`,
    body: (
      <ul>
        <li>
          <Trans>
            <strong>Account details:</strong> your mobile number, name, email address and, if you add
            one, a profile picture.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Location:</strong> only when you allow it, to show outlets near you. You can choose a
            location or a city by hand instead. We keep your last few location searches so you can pick
            them again.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Payments and coupons:</strong> the outlet, bill amount, discounts and the status of
            each payment. Card and UPI details go straight to our payment partner; we never store them.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Usage:</strong> which pages of the app are opened, with a random visitor number and
            no personal data, so we can see what works and what does not.
          </Trans>
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: msg`How we use it`,
    body: (
      <ul>
        <li><Trans>To sign you in with a one-time password and keep you signed in.</Trans></li>
        <li><Trans>To show nearby outlets and live offers, and to process your payments and coupons.</Trans></li>
        <li><Trans>To credit Golden Keys for referrals.</Trans></li>
        <li><Trans>To send the alerts you switch on in Settings (coupon alerts, deals, nearby offers).</Trans></li>
        <li><Trans>To prevent fraud and meet our legal obligations.</Trans></li>
      </ul>
    ),
  },
  {
    id: 'share',
    title: msg`Who we share it with`,
    body: (
      <>
        <p>
          <Trans>
            When you pay at an outlet, the outlet sees your payment, the discount and the coupon used,
            not your phone number or email. Our payment partner and SMS provider receive what they need
            to do their job. We do not sell your personal data.
          </Trans>
        </p>
        <p><Trans>We disclose data to authorities only when Indian law requires it.</Trans></p>
      </>
    ),
  },
  {
    id: 'security',
    title: msg`How we protect it`,
    body: (
      <p>
        <Trans>
          Connections are encrypted. One-time passwords and session tokens are stored only as keyed
          hashes, so a copy of our database would not let anyone sign in as you. Access inside Bachat is
          limited to the people who need it.
        </Trans>
      </p>
    ),
  },
  {
    id: 'retention',
    title: msg`How long we keep it`,
    body: (
      <p>
        <Trans>
          Account details are kept while your account exists. When you delete your account we remove
          your personal details; payment records are kept without them for as long as tax and payment
          rules require.
        </Trans>
      </p>
    ),
  },
  {
    id: 'rights',
    title: msg`Your choices and rights`,
    body: (
      <>
        <p>
          <Trans>
            Under the Digital Personal Data Protection Act, 2023 you can ask to see, correct or erase
            your data and withdraw consent. Edit your details in your profile, switch alerts off in
            Settings, revoke location access in your browser or phone settings, or delete your account
            from your profile.
          </Trans>
        </p>
        <p>
          <Trans>
            For anything else, contact us through <Link href={paths.support.href()}>Support</Link>.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: msg`Cookies and storage`,
    body: (
      <p>
        <Trans>
          We use one cookie to keep you signed in (it lasts a day on the web) and your browser's
          session storage to remember the category, city and location you chose until you close the
          tab. We do not use advertising cookies.
        </Trans>
      </p>
    ),
  },
] as const;

export function PrivacyPage() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Privacy Policy · Bachat`}
      description={t`What Bachat collects, why, who sees it and how to control it: location only with your permission, no card details stored, no data sold.`}
      heading={t`Privacy Policy`}
      updated="2026-11-01"
      intro={
        <p>
          <Trans>
            Bachat ("we") respects your privacy. This policy explains what we collect when
            you use the Bachat website or app and what you can do about it. It should be read with our{' '}
            <Link href={paths.terms.href()}>Terms &amp; Conditions</Link>.
          </Trans>
        </p>
      }
      sections={sections}
    />
  );
}
