import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import { OWNER_REFUND_WINDOW_MS } from '@server/modules/payments/schema';
import { LegalPage } from '../components/legal-page';

/** How long an outlet may refund a payment through Bachat (the server's rule, in hours). */
const refundHours = OWNER_REFUND_WINDOW_MS / 3_600_000;

const sections = [
  {
    id: 'service',
    title: msg`What Bachat does`,
    body: (
      <>
        <p>
          <Trans>
            Bachat helps you find offers at outlets near you (restaurants, cafés, shops, salons and
            other services) and pay your bill at the outlet through the app with an instant discount.
            After entering your bill you may play Shuffle Cards to unlock an additional discount.
          </Trans>
        </p>
        <p>
          <Trans>
            Bachat is not the seller of any goods or services. Your purchase is a contract between you
            and the outlet; we provide the discovery, the offer and the payment service.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: msg`Your account`,
    body: (
      <>
        <p>
          <Trans>
            You sign up and log in with your Indian mobile number and a one-time password (OTP) sent by
            SMS. Keep your phone and OTPs to yourself: anyone with them can use your account. You must
            give your real name and a valid email address.
          </Trans>
        </p>
        <p>
          <Trans>
            You can delete your account from your profile at any time. We then remove your personal
            details; records of payments you made are kept without them, as Indian tax and payment
            regulations require.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'offers',
    title: msg`Offers and discounts`,
    body: (
      <ul>
        <li>
          <Trans>
            An offer applies only to bills of <strong>₹50 or more</strong>, paid through Bachat at the
            outlet.
          </Trans>
        </li>
        <li>
          <Trans>
            The discount shown on an outlet is the one live at that moment. Offers run on schedules the
            outlet sets (regular, daily, event and highlight offers) and can change or end without
            notice.
          </Trans>
        </li>
        <li>
          <Trans>
            Bachat offers <strong>can be combined with the outlet's own offers</strong>: our
            discount is applied to the final bill the outlet gives you.
          </Trans>
        </li>
        <li>
          <Trans>
            Coupons from Shuffle Cards are saved in your profile and are valid until the outlet's
            daily closing time or their expiry, whichever comes first. A coupon can be redeemed once.
          </Trans>
        </li>
        <li><Trans>The amount you pay, the discount and any fee are calculated and shown by Bachat before you pay.</Trans></li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: msg`Payments and fees`,
    body: (
      <>
        <p>
          <Trans>
            Payments are processed by our payment partner. Bachat never sees or stores your full card
            details. A small convenience fee and applicable GST may be added to your bill; they are
            always shown in the breakdown before you confirm.
          </Trans>
        </p>
        <p>
          <Trans>
            If a payment fails but money has left your account, it is normally reversed by your bank
            within 5-7 working days. Contact us through <Link href={paths.support.href()}>Support</Link>{' '}
            with the time of payment and we will help trace it.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: msg`Refunds`,
    body: (
      <p>
        <Trans>
          <strong>Refunds are handled by the outlet.</strong> The outlet decides whether to refund a
          payment, and it refunds it, in full or in part, through Bachat within {refundHours} hours of
          the payment; the money reaches your account in 5–7 working days. Questions about the food,
          goods or service you received, exchanges and returns follow the outlet's own policy;
          please speak to the outlet. Bachat can help with payment problems (a failed or
          duplicated payment).
        </Trans>
      </p>
    ),
  },
  {
    id: 'golden-keys',
    title: msg`Golden Keys and referrals`,
    body: (
      <>
        <p>
          <Trans>
            You earn Golden Keys when a friend signs up with your referral link or code (it starts with
            ME). A referral counts only for a phone number that has never had a Bachat account. Golden
            Keys have no cash value, cannot be transferred and are used inside the app only.
          </Trans>
        </p>
        <p><Trans>We may withdraw Golden Keys earned through fake accounts or other misuse.</Trans></p>
      </>
    ),
  },
  {
    id: 'business',
    title: msg`For outlets (business partners)`,
    body: (
      <>
        <p><Trans>Outlets that list on Bachat agree to these commercial terms:</Trans></p>
        <ul>
          <li>
            <Trans>
              <strong>No onboarding fee</strong> and a <strong>free trial of 15 days</strong>.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Zero commission</strong>; a <strong>transaction fee of 1.5%</strong> on payments
              made through Bachat, deducted at settlement.
            </Trans>
          </li>
          <li>
            <Trans>
              The outlet goes live <strong>2-5 working days</strong> after its documents are verified.
            </Trans>
          </li>
          <li>
            <Trans>
              Documents: business name and address, PAN card, GSTIN certificate, and a cancelled cheque
              or passbook. The GST certificate is mandatory; while it is pending, the acknowledgment
              number is accepted.
            </Trans>
          </li>
          <li>
            <Trans>
              The outlet honours the discounts it publishes on Bachat for their whole scheduled time and
              handles refunds under its own policy.
            </Trans>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: msg`Fair use`,
    body: (
      <p>
        <Trans>
          Do not misuse the service: no fake accounts or referrals, no automated scraping, no attempts
          to get discounts you are not entitled to, no interfering with the app or other users. We may
          suspend accounts that do.
        </Trans>
      </p>
    ),
  },
  {
    id: 'liability',
    title: msg`Liability`,
    body: (
      <p>
        <Trans>
          We work to keep Bachat available and the information on it correct, but outlet details,
          timings and menus come from the outlets. To the extent the law allows, Bachat is not liable
          for the goods or services an outlet provides. Nothing in these terms limits your rights as a
          consumer under the Consumer Protection Act, 2019.
        </Trans>
      </p>
    ),
  },
  {
    id: 'law',
    title: msg`Changes, law and contact`,
    body: (
      <p>
        <Trans>
          We may update these terms; the date above shows the latest version, and continuing to use
          Bachat means you accept it. These terms are governed by the laws of India. Questions and
          grievances: write to us through <Link href={paths.support.href()}>Support</Link>; we
          acknowledge within 48 hours and aim to resolve within 30 days.
        </Trans>
      </p>
    ),
  },
] as const;

export function TermsPage() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Terms & Conditions · Bachat`}
      description={t`The terms for using Bachat: offers, payments, refunds handled by the outlet, Golden Keys, and the commercial terms for outlets.`}
      heading={t`Terms & Conditions`}
      updated="2026-11-01"
      intro={
        <p>
          <Trans>
            These terms apply when you use the Bachat website or app as a shopper, or list an outlet as
            a business partner. Please read them with our{' '}
            <Link href={paths.privacy.href()}>Privacy Policy</Link>.
          </Trans>
        </p>
      }
      sections={sections}
    />
  );
}
