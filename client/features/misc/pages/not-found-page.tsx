import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <div className="page not-found">
      <title>{t`Page not found · Bachat`}</title>
      <meta name="description" content={t`This page doesn't exist. Find instant discounts at outlets near you on Bachat.`} />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">
        <Trans>Page not found</Trans>
      </h1>
      <p className="muted">
        <Trans>This page doesn't exist yet, or the link is out of date.</Trans>
      </p>
      <Link href={paths.home.href()} className="btn btn--primary btn--md">
        <Trans>Back to home</Trans>
      </Link>
    </div>
  );
}
