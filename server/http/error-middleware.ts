import type { Middleware } from 'koa';
import { AppError, HTTP_STATUS, restBodyOf, toAppError } from '../lib/errors.ts';
import { languageOf, localize, localizeAppError } from '../lib/i18n.ts';
import type { Logger } from '../lib/logger.ts';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  type?: string;
}

/**
 * First middleware of the app: turns whatever a REST route threw into the CONVENTIONS §F response.
 * Client mistakes are 4xx with `{ message, errors? }`; anything unrecognised is a logged 500 whose body
 * says nothing about the internals. Messages follow the request's `Accept-Language` (docs/i18n.md),
 * except on the back office (/api/admin), which stays English.
 */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const language = ctx.path.startsWith('/api/admin') ? 'en' : languageOf(ctx.get('Accept-Language'));
      let appError = toAppError(error);
      if (!appError) {
        // Errors Koa and its middleware raise on purpose (body too large, malformed JSON, …).
        const e = error as HttpLikeError;
        const status = e.status ?? e.statusCode;
        if (status && status >= 400 && status < 500) {
          const message =
            status === 413
              ? 'The request is too large.'
              : status === 415
                ? 'Unsupported content type.'
                : e.type === 'entity.parse.failed' || error instanceof SyntaxError
                  ? 'The request body is not valid JSON.'
                  : e.expose && e.message
                    ? e.message
                    : 'Bad request.';
          const said = localize(message, language);
          ctx.status = status;
          ctx.body = { message: said, errors: { root: { serverError: said } } };
          return;
        }
      }
      if (!appError) {
        logger.error({ err: error }, 'unhandled error');
        appError = new AppError('INTERNAL_SERVER_ERROR', 'Internal server error');
      }
      if (appError.code === 'SERVICE_UNAVAILABLE') logger.warn({ err: appError.cause ?? appError }, 'answered 503: the database was slow or busy');
      ctx.status = HTTP_STATUS[appError.code];
      if (appError.retryAfter) ctx.set('Retry-After', String(appError.retryAfter));
      ctx.body = restBodyOf(localizeAppError(appError, language));
    }
  };
}
