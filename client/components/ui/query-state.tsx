import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { InlineError } from './inline-error';
import { Spinner } from './spinner';

/** What `QueryState` reads from a React Query / tRPC query result (or from `combineQueries`). */
export type QueryLike<TData, TError = unknown> = {
  data: TData | undefined;
  error: TError | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

type QueryStateProps<TData, TError> = {
  query: QueryLike<TData, TError>;
  /** Shown while the query loads; by default a 40 px spinner announcing `loadingLabel`. */
  loading?: ReactNode;
  loadingLabel?: string;
  /**
   * The error's text (or how to get it from the error), shown as an `InlineError` with a Retry button
   * that refetches (reading "Retrying…" meanwhile).
   */
  errorMessage?: string | ((error: TError) => string);
  /** Leave out the Retry button. */
  noRetry?: boolean;
  /** Replaces the `InlineError` altogether (a page's own error markup). */
  errorView?: (error: TError, retry: () => void) => ReactNode;
  /** With `empty`: what counts as nothing to show. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  /** The data, once there (typed from the query). */
  children: (data: TData) => ReactNode;
};

/**
 * The loading / error / empty / data pattern of a screen that shows a query:
 *
 *   <QueryState query={query} loadingLabel="Loading coupons" errorMessage={COUPONS_FAILED}
 *     isEmpty={(d) => d.length === 0} empty={<p className="biz-empty">No coupons yet.</p>}>
 *     {(coupons) => <CouponTable coupons={coupons} />}
 *   </QueryState>
 *
 * Loading wins over an error (several queries: until all have answered); an error wins over data a
 * failed refetch left behind. Several queries: `query={combineQueries(a, b)}`, data `[a, b]`.
 */
export function QueryState<TData, TError>({
  query,
  loading,
  loadingLabel,
  errorMessage,
  noRetry = false,
  errorView,
  isEmpty,
  empty,
  children,
}: QueryStateProps<TData, TError>): ReactNode {
  const { t } = useLingui();
  if (query.isPending) return loading !== undefined ? loading : <Spinner label={loadingLabel} />;

  if (query.isError || query.data === undefined) {
    const retry = () => void query.refetch();
    if (errorView) return errorView(query.error as TError, retry);
    const message =
      typeof errorMessage === 'function'
        ? errorMessage(query.error as TError)
        : (errorMessage ?? t`Something went wrong. Please try again.`);
    return <InlineError message={message} onRetry={noRetry ? undefined : retry} retrying={query.isFetching} />;
  }

  if (empty !== undefined && isEmpty?.(query.data)) return empty;
  return children(query.data);
}

type DataOf<Q> = Q extends { data: infer D } ? Exclude<D, undefined> : never;
type ErrorOf<Q> = Q extends { error: infer E } ? Exclude<E, null> : never;

/**
 * Several queries as one for `QueryState`: pending while any is, failed when any failed (the first
 * error; Retry refetches the failed ones), data the tuple of their data once all have it.
 */
export function combineQueries<const Qs extends readonly QueryLike<unknown, unknown>[]>(
  ...queries: Qs
): QueryLike<{ -readonly [K in keyof Qs]: DataOf<Qs[K]> }, ErrorOf<Qs[number]>> {
  const failed = queries.filter((q) => q.isError);
  const complete = queries.every((q) => q.data !== undefined);
  return {
    isPending: queries.some((q) => q.isPending),
    isError: failed.length > 0,
    error: (failed[0]?.error ?? null) as ErrorOf<Qs[number]> | null,
    isFetching: queries.some((q) => q.isFetching),
    data: complete ? (queries.map((q) => q.data) as { -readonly [K in keyof Qs]: DataOf<Qs[K]> }) : undefined,
    refetch: () => Promise.all((failed.length > 0 ? failed : queries).map((q) => q.refetch())),
  };
}
