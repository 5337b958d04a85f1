import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { Ad } from '@server/modules/promotions/schema';
import { AD_LIST_LIMIT } from '../lib/constants';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { formatDayMonth } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { DeleteButton } from '../components/delete-button';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

type Draft = { advId: number | null; title: string; description: string; startsOn: string; endsOn: string };
const EMPTY: Draft = { advId: null, title: '', description: '', startsOn: '', endsOn: '' };

/** promotion-organizer/highlights: banners that advertise the outlet in search (no discount by themselves). */
export function HighlightsPage({ outletId }: BusinessPageProps) {
  const { t } = useLingui();
  const id = outletId ?? 0;
  const utils = trpc.useUtils();
  const list = trpc.promotions.ads.useQuery({ outletId: id, adType: 'Highlight', offset: 0, limit: AD_LIST_LIMIT });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = () => void utils.promotions.ads.invalidate({ outletId: id });
  const create = trpc.promotions.createHighlight.useMutation({ onSuccess: done });
  const edit = trpc.promotions.editHighlight.useMutation({ onSuccess: done });
  const toggle = trpc.promotions.updateAd.useMutation({ onSuccess: done });
  const remove = trpc.promotions.deleteAd.useMutation({ onSuccess: done });

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const startEdit = (ad: Ad) =>
    setDraft({ advId: ad.id, title: ad.title, description: ad.description ?? '', startsOn: ad.startsOn ?? '', endsOn: ad.endsOn ?? '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.title.trim()) {
      setErrors({ title: t`Title is required` });
      return;
    }
    setErrors({});
    const advObj = {
      title: draft.title.trim(),
      description: draft.description.trim() || null,
      startsOn: draft.startsOn || null,
      endsOn: draft.endsOn || null,
    };
    const options = {
      onSuccess: () => setDraft(EMPTY),
      onError: (error: unknown) => {
        const fields = Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([key, value]) => [key.replace(/^advObj\./, ''), value]));
        setErrors({ ...fields, form: messageOf(error, t`Could not save the highlight.`) });
      },
    };
    if (draft.advId === null) create.mutate({ outletId: id, adType: 'Highlight', advObj }, options);
    else edit.mutate({ outletId: id, adType: 'Highlight', advObj: { ...advObj, advId: draft.advId } }, options);
  };

  return (
    <BizPage
      title={t`Highlights · Promotion organizer · Bachat for Business`}
      description={t`Highlights put your outlet in front of shoppers searching nearby.`}
      heading={t({ message: 'Highlights', context: 'featured ads' })}
      lead={t`A highlight is a banner that shows your outlet in shoppers' searches. It does not give a discount by itself: pair it with an offer.`}
    >
      <div className="biz-columns">
        <form className="biz-card biz-form" noValidate onSubmit={onSubmit} aria-label={draft.advId ? t`Edit highlight` : t`New highlight`}>
          <h2 className="biz-card__title">{draft.advId ? <Trans>Edit highlight</Trans> : <Trans>New highlight</Trans>}</h2>
          <TextField
            id="hl-title"
            label={t`Title`}
            value={draft.title}
            onChange={(title) => set({ title })}
            error={errors.title}
            placeholder={t`Weekend thali festival`}
          />
          <div className="field">
            <label className="field__label" htmlFor="hl-description">
              <Trans>Description</Trans>{' '}
              <span className="field__optional">
                <Trans>(optional)</Trans>
              </span>
            </label>
            <textarea id="hl-description" className="field__textarea" rows={3} maxLength={500} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
          </div>
          <div className="biz-form__row">
            <TextField id="hl-starts" label={t`Show from`} type="date" value={draft.startsOn} onChange={(startsOn) => set({ startsOn })} optional error={errors.startsOn} />
            <TextField id="hl-ends" label={t`Show until`} type="date" value={draft.endsOn} onChange={(endsOn) => set({ endsOn })} optional error={errors.endsOn} />
          </div>
          <FormNotes error={errors.form} />
          <div className="biz-row-actions">
            <Button type="submit" disabled={create.isPending || edit.isPending}>
              {draft.advId ? <Trans>Save changes</Trans> : <Trans>Add highlight</Trans>}
            </Button>
            {draft.advId ? (
              <Button variant="ghost" onClick={() => setDraft(EMPTY)}>
                <Trans>Cancel</Trans>
              </Button>
            ) : null}
          </div>
        </form>
        <section className="biz-stack" aria-label={t`Your highlights`}>
          <QueryState
            query={list}
            loadingLabel={t`Loading highlights`}
            errorMessage={t`We couldn't load your highlights.`}
            isEmpty={(highlights) => highlights.length === 0}
            empty={
              <p className="biz-empty">
                <Trans>No highlights yet.</Trans>
              </p>
            }
          >
            {(highlights) => (
              <ul className="ad-list">
                {highlights.map((ad) => (
                  <li key={ad.id} className={`ad-item${ad.isEnabled ? '' : ' ad-item--off'}`}>
                    <div className="ad-item__main">
                      <span className="ad-type ad-type--Highlight">
                        <Trans comment="A featured offer an outlet promotes">Highlight</Trans>
                      </span>
                      <h3 className="ad-item__title">{ad.title}</h3>
                      {ad.description ? <p className="ad-item__text muted">{ad.description}</p> : null}
                      <p className="ad-item__meta muted">
                        {ad.startsOn ? formatDayMonth(ad.startsOn) : t`Now`} – {ad.endsOn ? formatDayMonth(ad.endsOn) : t`no end`}
                        {ad.isEnabled ? '' : ` · ${t`paused`}`}
                      </p>
                    </div>
                    <div className="biz-row-actions">
                      <Button variant="secondary" size="sm" onClick={() => startEdit(ad)}>
                        <Trans>Edit</Trans>
                      </Button>
                      <Button variant="secondary" size="sm" disabled={toggle.isPending} onClick={() => toggle.mutate({ outletId: id, advId: ad.id, isEnabled: !ad.isEnabled })}>
                        {ad.isEnabled ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
                      </Button>
                      <DeleteButton
                        disabled={remove.isPending}
                        confirm={t`Delete "${ph({ title: ad.title })}"?`}
                        onConfirm={() => remove.mutate({ outletId: id, advId: ad.id, adType: 'Highlight' })}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </div>
    </BizPage>
  );
}

