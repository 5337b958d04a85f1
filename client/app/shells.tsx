import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { MainLayout } from '@client/components/layouts/main-layout';
import { PageLoader } from '@client/components/ui/spinner';
import { BusinessLoginPage } from '@client/features/business/pages/login-page';
import { HomePage } from '@client/features/outlets/pages/home-page';
import { ScanPage } from '@client/features/scan/pages/scan-page';
import { setLocale, type Locale } from '@client/lib/i18n';
import { createTrpcClient } from '@client/lib/trpc';
import { paths } from './paths';
import { Providers } from './providers';
import { shellRoutes, type ShellName } from './routes';

/**
 * The prerendered app shells (issue 18): what a page looks like in its first frame, rendered at build
 * time from the real components (client/vite-plugins/prerender-shells.ts writes them into the HTML
 * files the server answers with). The browser paints them as soon as the HTML and its inline CSS
 * arrive, before any JavaScript runs; boot.tsx then renders the app over them with the same markup.
 *
 * They are the components' loading states: no data, no session (the top bar's "Sign In"), queries
 * pending. Anything that depends on the browser (the stored city, the location permission, cookies)
 * takes its server snapshot.
 */

/** A route the shell's top bar treats as "not home" (it shows the back button), like most pages. */
const ELSEWHERE = '/__shell';

function Frame({ path, children }: { path: string; children: ReactNode }) {
  // Queries never run during a server render: nothing here fetches.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <Router ssrPath={path}>
      <Providers queryClient={queryClient} trpcClient={createTrpcClient([])}>
        <MainLayout>{children}</MainLayout>
      </Providers>
    </Router>
  );
}

export interface ShellMarkup {
  /** The file the build writes, relative to dist/client. */
  file: string;
  /** The page's lazy module (its chunks are preloaded and its CSS inlined), if any. */
  pageModule: RegExp | null;
  html: string;
  /**
   * The markup is the page's whole first screen, not a loading state: its code loads once that has
   * painted, as a page rendered on the server does (client/lib/app-code.ts), instead of alongside it.
   */
  defersCode?: boolean;
}

export interface ShellRoute {
  /** A RegExp source and flags: the route as wouter matches it. */
  pattern: string;
  flags: string;
  /** The shell file answering it (the route-neutral fallback when the route has none of its own). */
  file: string;
}

/** Renders every shell and lists which route gets which. Runs in Node at build time (and in tests). */
export function renderShells(): { shells: ShellMarkup[]; routes: ShellRoute[]; fallback: string } {
  const render = (node: ReactNode) => renderToString(node);
  // Pages whose first frame depends on the shopper (an outlet, a signed-in check) start from the
  // route-neutral loading frame; their shells differ from it only in the code and CSS they bring.
  const loading = render(
    <Frame path={ELSEWHERE}>
      <PageLoader />
    </Frame>,
  );
  const byName: Record<ShellName, ShellMarkup> = {
    home: {
      file: 'index.html',
      pageModule: /client\/features\/outlets\/pages\/home-page\.tsx$/,
      html: render(
        <Frame path={paths.home.path}>
          <HomePage />
        </Frame>,
      ),
    },
    'business-login': {
      file: 'shells/business-login.html',
      pageModule: /client\/features\/business\/business-section\.tsx$/,
      defersCode: true,
      html: render(
        <Frame path={paths.forBusinessLogin.path}>
          <BusinessLoginPage />
        </Frame>,
      ),
    },
    outlet: { file: 'shells/outlet.html', pageModule: /client\/features\/outlets\/pages\/outlet-page\.tsx$/, html: loading },
    'enter-amount': { file: 'shells/enter-amount.html', pageModule: /client\/features\/payments\/pages\/enter-amount-page\.tsx$/, html: loading },
    // The scanner's first frame is its own (the camera starting, the code form): no data, no session.
    scan: {
      file: 'shells/scan.html',
      pageModule: /client\/features\/scan\/pages\/scan-page\.tsx$/,
      html: render(
        <Frame path={paths.scan.path}>
          <ScanPage />
        </Frame>,
      ),
    },
  };
  const fallback: ShellMarkup = { file: 'shell.html', pageModule: null, html: loading };
  return {
    shells: [...Object.values(byName), fallback],
    routes: shellRoutes().map((r) => ({ pattern: r.pattern.source, flags: r.pattern.flags, file: r.shell ? byName[r.shell].file : fallback.file })),
    fallback: fallback.file,
  };
}

/**
 * The shells in `locale`: its catalogs loaded and active first (the build renders English, then Hindi:
 * a Hindi reader's first paint is in Hindi, never English swapped for Hindi when the code has run).
 */
export async function renderShellsIn(locale: Locale): Promise<ReturnType<typeof renderShells>> {
  await setLocale(locale, { remember: false });
  return renderShells();
}
