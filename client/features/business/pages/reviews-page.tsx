import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { OwnerReview } from '@server/modules/reviews/schema';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { formatDate, formatDayMonth } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { BizPage } from '../components/biz-page';
import { FormNotes } from '../components/form-notes';
import { Pager } from '../components/pager';
import type { BusinessPageProps } from '../lib/page-props';

const PAGE_SIZE = 10;

/**
 * dashboard/reviews (issue 16): what shoppers who paid here said, newest first, and one public reply
 * to each. Hidden reviews (moderated by Bachat) are marked; they no longer show on the outlet page.
 */
export function ReviewsPage({ outletId }: BusinessPageProps) {
  const { t } = useLingui();
  const id = outletId ?? 0;
  const [page, setPage] = useState(1);
  const [unanswered, setUnanswered] = useState(false);
  const query = trpc.reviews.forOutlet.useQuery({ outletId: id, offSet: page, limit: PAGE_SIZE, unanswered }, { placeholderData: (previous) => previous });
  return (
    <BizPage
      title={t`Reviews · Dashboard · Bachat for Business`}
      description={t`Reviews from shoppers who paid at your outlet, and your replies.`}
      heading={t`Reviews`}
      lead={t`Every review is from a shopper who paid here with Bachat. You can reply once to each.`}
    >
      <div className="biz-toolbar">
        <label className="biz-check">
          <input
            type="checkbox"
            checked={unanswered}
            onChange={(event) => {
              setUnanswered(event.target.checked);
              setPage(1);
            }}
          />
          <Trans>Only reviews waiting for a reply</Trans>
        </label>
      </div>
      <QueryState
        query={query}
        loadingLabel={t`Loading reviews`}
        errorMessage={t`An error occurred while fetching reviews`}
        isEmpty={(list) => list.items.length === 0}
        empty={
          <p className="biz-empty">
            {unanswered ? t`Every review has your reply.` : t`No reviews yet. Shoppers can review a visit after paying with Bachat.`}
          </p>
        }
      >
        {(list) => (
          <>
            {list.summary.count > 0 && list.summary.average !== null ? (
              <p className="biz-review-summary">
                <strong>{list.summary.average.toFixed(1)}</strong> <ReviewCount count={list.summary.count} />
              </p>
            ) : null}
            <ul className="biz-reviews">
              {list.items.map((review) => (
                <li key={review.id}>
                  <OwnerReviewItem outletId={id} review={review} />
                </li>
              ))}
            </ul>
            <Pager total={list.totalCount} page={page} pageSize={PAGE_SIZE} noun={t`reviews`} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}

function ReviewCount({ count }: { count: number }) {
  return <Plural value={count} one="average from # published review" other="average from # published reviews" />;
}

function OwnerReviewItem({ outletId, review }: { outletId: number; review: OwnerReview }) {
  const { t } = useLingui();
  const paidOn = formatDayMonth(review.paidOn);
  const { author, rating, reportCount } = review;
  const wroteOn = formatDate(review.createdAt);
  const utils = trpc.useUtils();
  const [reply, setReply] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = trpc.reviews.reply.useMutation({
    onSuccess: () => void utils.reviews.forOutlet.invalidate({ outletId }),
    onError: (e) => setErrors({ ...fieldErrorsOf(e), form: messageOf(e, t`Could not post your reply. Please try again.`) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return setErrors({ reply: t`Write your reply` });
    setErrors({});
    send.mutate({ outletId, reviewId: review.id, reply: reply.trim() });
  };
  return (
    <article className={`biz-card biz-review${review.status === 'hidden' ? ' biz-review--hidden' : ''}`} aria-label={t`Review by ${author}`}>
      <header className="biz-review__head">
        <span className="biz-review__stars" role="img" aria-label={t`${rating} out of 5 stars`}>
          {'★'.repeat(review.rating)}
          <span aria-hidden="true" className="biz-review__stars-off">
            {'★'.repeat(5 - review.rating)}
          </span>
        </span>
        <strong>{review.author}</strong>
        <span className="muted">
          <Trans>
            paid here {paidOn} · wrote {wroteOn}
          </Trans>
        </span>
        {review.status === 'hidden' ? <span className="status status--off">
            <Trans>Hidden by Bachat</Trans>
          </span> : null}
        {review.reportCount > 0 ? <span className="muted">
            <Trans>{reportCount} reported</Trans>
          </span> : null}
      </header>
      <p className="biz-review__body">{review.body}</p>
      {review.ownerReply ? (
        <div className="biz-review__reply">
          <strong>
            <Trans>Your reply</Trans>
          </strong>{' '}
          <span className="muted">· {formatDate(review.ownerReply.repliedAt)}</span>
          <p>{review.ownerReply.text}</p>
        </div>
      ) : (
        <form className="biz-review__form" onSubmit={submit} noValidate aria-label={t`Reply to ${author}`}>
          <label className="visually-hidden" htmlFor={`reply-${review.id}`}>
            <Trans>Your reply</Trans>
          </label>
          <textarea
            id={`reply-${review.id}`}
            className="field__textarea"
            rows={2}
            maxLength={1000}
            placeholder={t`Thank them, or say what you will change. Shoppers see your reply under the review.`}
            value={reply}
            aria-invalid={errors.reply ? true : undefined}
            onChange={(event) => setReply(event.target.value)}
          />
          {errors.reply ? <p className="field__error">{errors.reply}</p> : null}
          <FormNotes error={errors.reply ? undefined : errors.form} ok={null} />
          <Button type="submit" size="sm" disabled={send.isPending}>
            {send.isPending ? t`Posting…` : t`Post reply`}
          </Button>
        </form>
      )}
    </article>
  );
}
