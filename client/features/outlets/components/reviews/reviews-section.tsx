import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { Review, ReviewSummary } from '@server/modules/reviews/schema';
import { Button } from '@client/components/ui/button';
import { InlineError } from '@client/components/ui/inline-error';
import { Sheet } from '@client/components/ui/sheet';
import { Spinner } from '@client/components/ui/spinner';
import { setAuthPageRedirect, sidebarStateAtom, useShopperSignedIn } from '@client/lib/auth';
import { formatDate, formatDayMonth, formatRupeesExact } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';

const PAGE = 5;

const REPORT_REASONS = [
  { id: 'spam', label: msg`Spam or advertising` },
  { id: 'abusive', label: msg`Abusive or hateful` },
  { id: 'fake', label: msg`Not a real visit` },
  { id: 'personal', label: msg`Shares personal details` },
  { id: 'other', label: msg`Something else` },
] as const satisfies readonly { id: string; label: MessageDescriptor }[];

/**
 * Verified reviews on the outlet page (issue 16): the average, the count and the newest reviews, each
 * marked "Paid here" (only shoppers who paid at the outlet through Bachat can write one). A signed-in
 * shopper with a receipt here from the last 30 days gets the form; any signed-in shopper can report.
 */
export function ReviewsSection({ outletId, outletName }: { outletId: number; outletName: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const signedIn = useShopperSignedIn();
  const reviews = useInfiniteQuery({
    queryKey: ['reviews.list', outletId, signedIn],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => utils.client.reviews.list.query({ outletId, offSet: pageParam, limit: PAGE }, { signal }),
    getNextPageParam: (last) => (last.hasMore ? last.offSet + 1 : undefined),
  });
  const eligible = trpc.reviews.eligible.useQuery({ outletId }, { enabled: signedIn });
  const [reporting, setReporting] = useState<Review | null>(null);
  const [reported, setReported] = useState<Set<number>>(new Set());

  const first = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="reviews" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="tab-section__title">
        <Trans>Reviews</Trans>
      </h2>
      {reviews.isPending ? (
        <Spinner size={40} label={t`Loading reviews`} />
      ) : reviews.isError && !first ? (
        <InlineError message={t`We couldn't load the reviews.`} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
      ) : first ? (
        <>
          <Summary summary={first.summary} />
          {eligible.data?.length ? (
            <ReviewForm
              outletId={outletId}
              outletName={outletName}
              receipts={eligible.data}
              onDone={() => {
                void utils.reviews.eligible.invalidate({ outletId });
                void reviews.refetch();
              }}
            />
          ) : !signedIn ? (
            <SignInToReview />
          ) : null}
          {items.length === 0 ? (
            <p className="muted reviews__empty">
              <Trans>No reviews yet. Shoppers who pay here with Bachat can rate their visit.</Trans>
            </p>
          ) : (
            <ul className="review-list" aria-label={t`Newest reviews`}>
              {items.map((review) => (
                <li key={review.id}>
                  <ReviewItem
                    review={review}
                    reported={review.reportedByMe || reported.has(review.id)}
                    canReport={signedIn && !review.isMine}
                    onReport={() => setReporting(review)}
                  />
                </li>
              ))}
            </ul>
          )}
          {reviews.hasNextPage ? (
            <Button variant="secondary" size="sm" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
              {reviews.isFetchingNextPage ? t`Loading…` : t`More reviews`}
            </Button>
          ) : null}
        </>
      ) : null}
      {reporting ? (
        <ReportSheet
          review={reporting}
          onClose={() => setReporting(null)}
          onReported={(id) => {
            setReported((s) => new Set(s).add(id));
            setReporting(null);
          }}
        />
      ) : null}
    </section>
  );
}

/** "★★★★☆" as text for screen readers and a picture for eyes. */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useLingui();
  return (
    <span className="stars" role="img" aria-label={t`${rating} out of 5 stars`} style={{ fontSize: size }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= Math.round(rating) ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </span>
  );
}

function Summary({ summary }: { summary: ReviewSummary }) {
  const { t } = useLingui();
  const count = summary.count;
  if (summary.count === 0 || summary.average === null) return null;
  const max = Math.max(...summary.histogram, 1);
  return (
    <div className="review-summary">
      <div className="review-summary__score">
        <strong className="review-summary__average">{summary.average.toFixed(1)}</strong>
        <Stars rating={summary.average} />
        <span className="muted">
          <Plural value={count} one="# review · all paid here" other="# reviews · all paid here" />
        </span>
      </div>
      <ul className="review-summary__bars" aria-label={t`Ratings`}>
        {[5, 4, 3, 2, 1].map((stars) => (
          <li key={stars}>
            <span className="review-summary__label">{stars}★</span>
            <span className="review-summary__bar">
              <span style={{ width: `${(summary.histogram[stars - 1]! / max) * 100}%` }} />
            </span>
            <span className="review-summary__n">{summary.histogram[stars - 1]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewItem({ review, reported, canReport, onReport }: { review: Review; reported: boolean; canReport: boolean; onReport: () => void }) {
  const { t } = useLingui();
  const visited = formatDayMonth(review.paidOn);
  const author = review.author;
  return (
    <article className="review" aria-label={t`Review by ${author}`}>
      <header className="review__head">
        <span className="review__author">{review.author}</span>
        <span className="paid-here" title={t`This shopper paid their bill here with Bachat`}>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <Trans>Paid here</Trans>
        </span>
        {review.isMine ? <span className="review__mine">
            <Trans>Your review</Trans>
          </span> : null}
      </header>
      <div className="review__meta">
        <Stars rating={review.rating} size={14} />
        <span className="muted">
          <Trans>Visited {visited}</Trans>
        </span>
      </div>
      <p className="review__body">{review.body}</p>
      {review.ownerReply ? (
        <div className="review__reply">
          <strong>
            <Trans>Reply from the outlet</Trans>
          </strong>
          <p>{review.ownerReply.text}</p>
        </div>
      ) : null}
      {canReport ? (
        reported ? (
          <p className="review__reported muted">
            <Trans>Reported. Thank you, we'll take a look.</Trans>
          </p>
        ) : (
          <button type="button" className="text-link review__report" onClick={onReport}>
            <Trans>Report</Trans>
          </button>
        )
      ) : null}
    </article>
  );
}

function SignInToReview() {
  const [location] = useLocation();
  const setSidebarState = useSetAtom(sidebarStateAtom);
  return (
    <p className="reviews__cta muted">
      <Trans>Paid here with Bachat?</Trans>{' '}
      <button
        type="button"
        className="text-link"
        onClick={() => {
          setAuthPageRedirect(location);
          setSidebarState('login');
        }}
      >
        <Trans>Sign in to rate your visit</Trans>
      </button>
    </p>
  );
}

type Receipt = { orderId: string; paidAt: Date; amountPaise: number; receiptCode: string | null };

function ReviewForm({ outletId, outletName, receipts, onDone }: { outletId: number; outletName: string; receipts: readonly Receipt[]; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [orderId, setOrderId] = useState(receipts[0]!.orderId);
  const visitDay = formatDate(receipts[0]!.paidAt);
  const visitAmount = formatRupeesExact(receipts[0]!.amountPaise);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const create = trpc.reviews.create.useMutation({
    onSuccess: () => {
      setRating(0);
      setBody('');
      void utils.reviews.list.invalidate({ outletId });
      onDone();
    },
    onError: (e) => setErrors({ ...fieldErrorsOf(e), form: messageOf(e, t`Could not post your review. Please try again.`) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (rating < 1) local.rating = t`Rate your visit from 1 to 5 stars`;
    if (!body.trim()) local.body = t`Write a few words about your visit`;
    setErrors(local);
    if (Object.keys(local).length) return;
    create.mutate({ orderId, rating, body: body.trim() });
  };
  return (
    <form className="review-form" onSubmit={submit} noValidate aria-label={t`Rate your visit to ${outletName}`}>
      <h3 className="review-form__title">
        <Trans>Rate your visit</Trans>
      </h3>
      {receipts.length > 1 ? (
        <label className="field__label" htmlFor={`${id}-visit`}>
          <Trans>Visit</Trans>
          <select id={`${id}-visit`} className="field__input" value={orderId} onChange={(e) => setOrderId(e.target.value)}>
            {receipts.map((r) => (
              <option key={r.orderId} value={r.orderId}>
                {formatDate(r.paidAt)} · {formatRupeesExact(r.amountPaise)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted review-form__visit">
          <Trans>
            Your visit on {visitDay} ({visitAmount} paid with Bachat)
          </Trans>
        </p>
      )}
      <fieldset className="star-input" aria-invalid={errors.rating ? true : undefined}>
        <legend className="visually-hidden">
          <Trans>Your rating</Trans>
        </legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? 'star-input__star star-input__star--on' : 'star-input__star'}>
            <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} className="visually-hidden" />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              <Plural value={n} one="# star" other="# stars" />
            </span>
          </label>
        ))}
      </fieldset>
      {errors.rating ? <p className="field__error">{errors.rating}</p> : null}
      <label className="visually-hidden" htmlFor={`${id}-body`}>
        <Trans>Your review</Trans>
      </label>
      <textarea
        id={`${id}-body`}
        className="field__textarea"
        rows={3}
        maxLength={1000}
        placeholder={t`What did you have? How was the service?`}
        value={body}
        aria-invalid={errors.body ? true : undefined}
        onChange={(e) => setBody(e.target.value)}
      />
      {errors.body ? <p className="field__error">{errors.body}</p> : null}
      {errors.form && !errors.rating && !errors.body ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={create.isPending}>
        {create.isPending ? t`Posting…` : t`Post review`}
      </Button>
    </form>
  );
}

function ReportSheet({ review, onClose, onReported }: { review: Review; onClose: () => void; onReported: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [reason, setReason] = useState<(typeof REPORT_REASONS)[number]['id']>('spam');
  const [note, setNote] = useState('');
  const report = trpc.reviews.report.useMutation({ onSuccess: () => onReported(review.id) });
  return (
    <Sheet title={t`Report this review`} onClose={onClose}>
      <form
        className="report-form"
        onSubmit={(event) => {
          event.preventDefault();
          report.mutate({ reviewId: review.id, reason, note: note.trim() || undefined });
        }}
      >
        <fieldset>
          <legend className="muted">
            <Trans>Why should we look at it?</Trans>
          </legend>
          {REPORT_REASONS.map((r) => (
            <label key={r.id} className="report-form__option">
              <input type="radio" name={`${id}-reason`} value={r.id} checked={reason === r.id} onChange={() => setReason(r.id)} />
              {i18n._(r.label)}
            </label>
          ))}
        </fieldset>
        <label className="field__label" htmlFor={`${id}-note`}>
          <Trans>Anything to add (optional)</Trans>
        </label>
        <textarea id={`${id}-note`} className="field__textarea" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        {report.isError ? (
          <p className="field__error" role="alert">
            {messageOf(report.error, t`Could not send the report. Please try again.`)}
          </p>
        ) : null}
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? t`Sending…` : t`Send report`}
        </Button>
      </form>
    </Sheet>
  );
}
