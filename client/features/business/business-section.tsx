import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, Redirect, Route, Switch } from 'wouter';
import { PageLoader } from '@client/components/ui/spinner';
import { BusinessShell } from './components/business-shell';
import { findBusinessPage } from './pages/registry';
import { BusinessLandingPage } from './pages/landing-page';
import { BusinessLoginPage } from './pages/login-page';
import { section, type BusinessSection as SectionName } from './lib/links';
import { setCurrentOutlet, useBusinessSession } from './lib/session';
import '@client/styles/forms.css';
import '@client/styles/business.css';

/**
 * Everything under /for-bussiness (mounted with `<Route path="/for-bussiness" nest>`): the landing
 * page, the login, and the signed-in console (SPEC §2).
 */
export function BusinessSectionRoutes() {
  return (
    <Switch>
      <Route path={section.landing} component={BusinessLandingPage} />
      <Route path={section.login} component={BusinessLoginPage} />
      <Route path="/account/:page">{(params) => <Console current="account" page={params.page} />}</Route>
      <Route path="/:section/:page/:outletId">
        {(params) => <Console
            current={asSection(params.section)}
            page={asSection(params.section) === params.section ? params.page : ''}
            outletId={params.outletId}
          />}
      </Route>
      <Route>
        <Console current="promotion-organizer" page="" />
      </Route>
    </Switch>
  );
}

const SECTIONS: readonly SectionName[] = ['promotion-organizer', 'account', 'dashboard'];
/** An unknown first segment still renders inside the console (as "page not found"). */
const asSection = (value: string | undefined): SectionName =>
  SECTIONS.find((name) => name === value) ?? 'promotion-organizer';

type ConsoleProps = { current: SectionName; page: string; outletId?: string };

function Console({ current, page, outletId: rawOutletId }: ConsoleProps) {
  const { t } = useLingui();
  const session = useBusinessSession();
  const outletId = rawOutletId === undefined ? null : Number(rawOutletId);
  const allowed = session?.details.allOutletForBusiness ?? [];
  const outletOk = outletId === null || allowed.some((outlet) => outlet.id === outletId);

  useEffect(() => {
    if (outletId !== null && outletOk) setCurrentOutlet(outletId);
  }, [outletId, outletOk]);

  if (!session) return <Redirect to={section.login} replace />;

  const entry = findBusinessPage(current, page);
  const effectiveOutlet = outletId ?? session.details.currentOutletId;

  let body;
  if (!entry || (entry.inPath && rawOutletId === undefined) || (!entry.inPath && rawOutletId !== undefined)) {
    body = (
      <ConsoleMessage
        title={t`Page not found`}
        text={<Trans>This business page doesn't exist, or the link is out of date.</Trans>}
      />
    );
  } else if (!outletOk || (entry.needsOutlet && effectiveOutlet === null)) {
    body = (
      <ConsoleMessage
        title={t`Not one of your outlets`}
        text={<Trans>Your account can't manage this outlet. Pick one of yours from the outlet menu.</Trans>}
      />
    );
  } else {
    const Page = entry.component;
    body = <Page outletId={effectiveOutlet} session={session} />;
  }

  return (
    <BusinessShell session={session} outletId={outletOk ? effectiveOutlet : session.details.currentOutletId} current={current}>
      <Suspense fallback={<PageLoader />}>{body}</Suspense>
    </BusinessShell>
  );
}

function ConsoleMessage({ title, text }: { title: string; text: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="biz-page biz-message">
      <title>{t`${title} · Bachat for Business`}</title>
      <h1 className="biz-page__title">{title}</h1>
      <p className="muted">{text}</p>
      <Link href={section.landing} className="btn btn--secondary btn--sm">
        <Trans>Business home</Trans>
      </Link>
    </div>
  );
}
