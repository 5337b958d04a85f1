import Router from '@koa/router';
import { SERVER_PATHS } from '../../http/server-paths.ts';
import { checkReadiness } from './service.ts';

/** `GET /healthz`: the process is up. `GET /readyz`: the database answers and migrations are current (503 otherwise). */
export function healthRoutes(): Router {
  const router = new Router();
  router.get(SERVER_PATHS.health, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get(SERVER_PATHS.ready, async (ctx) => {
    const readiness = await checkReadiness();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = readiness.ready ? 200 : 503;
    ctx.body = readiness;
  });
  return router;
}
