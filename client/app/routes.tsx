import { Suspense, lazy, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoader } from '@client/components/ui/spinner';
import { paths } from './paths';

/** SPEC §8/§9: a screen's code that has not arrived after 120 s fails with a chunk-load error. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error('Loading chunk timed out');
        error.name = 'ChunkLoadError';
        reject(error);
      }, CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      return { default: await Promise.race([load(), timeout]) };
    } finally {
      clearTimeout(timer);
    }
  });
}

const HomePage = lazyPage(() =>
  import('@client/features/outlets/pages/home-page').then((m) => m.HomePage),
);
const NotFoundPage = lazyPage(() =>
  import('@client/features/misc/pages/not-found-page').then((m) => m.NotFoundPage),
);

/** One <Route> per page; the path-less route (404) stays last. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        <Route path={paths.home.path} component={HomePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
