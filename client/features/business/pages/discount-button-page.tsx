import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { DiscountStatus } from '@server/modules/business-account/schema';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { formatDateTimeShort, formatPercent } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { TextField } from '../components/text-field';

/** account/discount-button: the outlet's standing discount and its on/off switch (SPEC §7 /outlet/discount). */
export function DiscountButtonPage({ outletId }: BusinessPageProps) {
  const { t } = useLingui();
  const id = outletId ?? 0;
  const query = trpc.businessAccount.discount.useQuery({ outletId: id });
  return (
    <BizPage
      title={t`Discount button · Account · Bachat for Business`}
      description={t`Switch your outlet's standing discount on or off.`}
      heading={t`Discount button`}
      lead={t`Your standing discount: it applies all day while it is on, whenever no scheduled offer is running.`}
    >
      <QueryState query={query} loadingLabel={t`Loading the discount`} errorMessage={(error) => messageOf(error, t`We couldn't load the discount.`)}>
        {(status) => <DiscountForm key={id} outletId={id} status={status} />}
      </QueryState>
    </BizPage>
  );
}

function DiscountForm({ outletId, status }: { outletId: number; status: DiscountStatus }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [percent, setPercent] = useState(String(status.discountPercent));
  const [error, setError] = useState<string | null>(null);
  const save = trpc.businessAccount.setDiscount.useMutation({
    onSuccess: (result) => {
      utils.businessAccount.discount.setData({ outletId }, result);
      void utils.promotions.liveAndScheduled.invalidate({ outletId });
    },
    onError: (e) => setError(fieldErrorsOf(e).discount ?? messageOf(e, t`Could not save the discount.`)),
  });

  const submit = (liveStatus: boolean) => {
    const value = Number(percent);
    if (percent.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      setError(t`The discount must be between 0 and 100`);
      return;
    }
    setError(null);
    save.mutate({ outletId, discount: value, liveStatus });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(status.isLive);
  };

  const live = status.liveOffer;
  const offerTitle = live?.title ?? '';
  const percentText = formatPercent(status.discountPercent, { decimals: 1, trim: false });
  const changedAt = status.updatedAt ? formatDateTimeShort(status.updatedAt) : '';
  return (
    <div className="biz-columns">
      <form className="biz-card biz-form" noValidate onSubmit={onSubmit} aria-label={t`Discount button`}>
        <div className={`discount-switch${status.isLive ? ' discount-switch--on' : ''}`}>
          <div>
            <p className="discount-switch__state">{status.isLive ? t`On` : t`Off`}</p>
            <p className="muted">{status.isLive ? t`${percentText} off every bill` : t`Shoppers get no standing discount`}</p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={status.isLive}
            aria-label={t`Discount live`}
            className="switch"
            disabled={save.isPending}
            onClick={() => submit(!status.isLive)}
          >
            <span className="switch__knob" />
          </button>
        </div>
        <TextField
          id="discount-percent"
          label={t`Discount %`}
          value={percent}
          inputMode="decimal"
          onChange={(value) => setPercent(value.replace(/[^\d.]/g, ''))}
          error={error ?? undefined}
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save discount`}
        </Button>
        {status.updatedAt ? <p className="muted biz-hint">{t`Last changed ${changedAt}`}</p> : null}
      </form>
      <section className="biz-card" aria-label={t`What shoppers get now`}>
        <h2 className="biz-card__title">
          <Trans>What shoppers get right now</Trans>
        </h2>
        {live ? (
          <p>
            <strong className="big-figure">{formatPercent(live.discountPercent, { decimals: 1, trim: false })}</strong>{' '}
            <span className="muted">
              {live.source === 'base' ? t`from the discount button` : live.title ? t`from a scheduled offer: ${offerTitle}` : t`from a scheduled offer`}
            </span>
          </p>
        ) : (
          <p className="muted">
            <Trans>No discount is live right now.</Trans>
          </p>
        )}
        <p className="muted biz-hint">
          <Trans>Scheduled offers (event, daily, regular) and day discounts win over the discount button while they run.</Trans>
        </p>
      </section>
    </div>
  );
}
