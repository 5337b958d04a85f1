import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';

/** SPEC §2: links to /terms and /privacy under each auth form. */
export function LegalLinks() {
  return (
    <p className="auth-form__legal">
      <Trans>
        By continuing you agree to our <Link href={paths.terms.href()}>Terms &amp; Conditions</Link> and{' '}
        <Link href={paths.privacy.href()}>Privacy Policy</Link>.
      </Trans>
    </p>
  );
}
