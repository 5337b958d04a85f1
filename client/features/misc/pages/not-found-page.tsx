import { Link } from 'wouter';
import { paths } from '@client/app/paths';

export function NotFoundPage() {
  return (
    <div className="page not-found">
      <title>Page not found · Bachat</title>
      <meta name="description" content="This page doesn't exist. Find instant discounts at outlets near you on Bachat." />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Page not found</h1>
      <p className="muted">This page doesn&rsquo;t exist yet, or the link is out of date.</p>
      <Link href={paths.home.href()} className="btn btn--primary btn--md">
        Back to home
      </Link>
    </div>
  );
}
