import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { BusinessOverview } from '@server/modules/business-account/schema';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

/** SPEC §8 fallback (`i18n._` it). */
const ABOUT_FAILED = msg`An error occurred while fetching about details`;

/** A comma-separated list as typed → its trimmed, non-empty items. */
const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * account/about: the outlet's overview (about text, cost for two, highlights) on the outlet page's
 * About tab, and what shoppers filter and search on: pure veg, cuisines and dishes (issue 16).
 */
export function AboutPage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const id = outletId ?? 0;
  const query = trpc.businessAccount.overview.useQuery({ outletId: id });
  return (
    <BizPage
      title={t`About · Account · Bachat for Business`}
      description={t`Tell shoppers about your outlet: what you serve, the cost for two and what makes you special.`}
      heading={t`About`}
      lead={t`What shoppers read on your outlet page's About tab, and what they find you by.`}
    >
      <QueryState query={query} loadingLabel={t`Loading about`} errorMessage={i18n._(ABOUT_FAILED)}>
        {(overview) => <AboutForm key={id} outletId={id} overview={overview} />}
      </QueryState>
    </BizPage>
  );
}

function AboutForm({ outletId, overview }: { outletId: number; overview: BusinessOverview }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [about, setAbout] = useState(overview.about);
  const [costForTwo, setCostForTwo] = useState(overview.costForTwoPaise === null ? '' : String(Math.round(overview.costForTwoPaise / 100)));
  const [highlights, setHighlights] = useState(overview.highlights.join(', '));
  const [isVeg, setIsVeg] = useState(overview.isVeg);
  const [cuisines, setCuisines] = useState(overview.cuisines.join(', '));
  const [dishes, setDishes] = useState(overview.dishes.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = trpc.businessAccount.updateOverview.useMutation({
    onSuccess: (result) => {
      utils.businessAccount.overview.setData({ outletId }, result);
      void utils.outlets.overview.invalidate({ outletId });
      setCuisines(result.cuisines.join(', '));
      setDishes(result.dishes.join(', '));
      setSaved(true);
    },
    onError: (e) => setErrors({ ...fieldErrorsOf(e), form: messageOf(e, t`Could not save. Please try again.`) }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const local: Record<string, string> = {};
    if (about.length > 2000) local.about = t`About can be at most 2000 characters`;
    const rupees = costForTwo.trim();
    if (rupees !== '' && !/^\d{1,7}$/.test(rupees)) local.costForTwoPaise = t`Enter the cost for two in whole rupees`;
    const tags = highlights
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    if (tags.some((tag) => tag.length > 40)) local.highlights = t`A highlight can be at most 40 characters`;
    if (tags.length > 20) local.highlights = t`At most 20 highlights`;
    const cuisineList = splitList(cuisines);
    const dishList = splitList(dishes);
    if (cuisineList.some((c) => c.length > 40)) local.cuisines = t`A cuisine can be at most 40 characters`;
    if (cuisineList.length > 12) local.cuisines = t`At most 12 cuisines`;
    if (dishList.some((d) => d.length > 60)) local.dishes = t`A dish can be at most 60 characters`;
    if (dishList.length > 60) local.dishes = t`At most 60 dishes`;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    save.mutate({
      outletId,
      about: about.trim(),
      costForTwoPaise: rupees === '' ? null : Number(rupees) * 100,
      highlights: tags,
      isVeg,
      cuisines: cuisineList,
      dishes: dishList,
    });
  };

  return (
    <form className="biz-card biz-form biz-narrow" noValidate onSubmit={onSubmit} aria-label={t`About your outlet`}>
      <div className="field">
        <label className="field__label" htmlFor="about-text">
          <Trans>About your outlet</Trans>
        </label>
        <textarea
          id="about-text"
          className="field__textarea"
          rows={6}
          maxLength={2000}
          value={about}
          aria-invalid={errors.about ? true : undefined}
          onChange={(event) => setAbout(event.target.value)}
          placeholder={t`Family-run Udupi restaurant since 1987: crisp dosas, filter coffee and full South Indian meals.`}
        />
        <p className="muted biz-hint">{about.length}/2000</p>
        {errors.about ? <p className="field__error">{errors.about}</p> : null}
      </div>
      <TextField
        id="about-cost"
        label={t`Cost for two (₹)`}
        value={costForTwo}
        inputMode="numeric"
        onChange={(value) => setCostForTwo(value.replace(/\D/g, ''))}
        error={errors.costForTwoPaise}
        optional
        placeholder="400"
      />
      <TextField
        id="about-highlights"
        label={t`Highlights, separated by commas`}
        value={highlights}
        onChange={setHighlights}
        error={errors.highlights}
        optional
        placeholder={t`Pure veg, Air conditioned, Family seating`}
      />
      <label className="biz-veg">
        <input type="checkbox" checked={isVeg} onChange={(event) => setIsVeg(event.target.checked)} />
        <span className="veg-mark" aria-hidden="true" />
        <Trans>Pure vegetarian outlet</Trans>
      </label>
      <p className="muted biz-hint">
        <Trans>Shoppers who filter for "Veg only" see your outlet.</Trans>
      </p>
      <TextField
        id="about-cuisines"
        label={t`Cuisines, separated by commas`}
        value={cuisines}
        onChange={setCuisines}
        error={errors.cuisines}
        optional
        placeholder={t`South Indian, Udupi, Chinese`}
      />
      <TextField
        id="about-dishes"
        label={t`Dishes shoppers search for, separated by commas`}
        value={dishes}
        onChange={setDishes}
        error={errors.dishes}
        optional
        placeholder={t`Masala Dosa, Rava Idli, Filter Coffee`}
      />
      <p className="muted biz-hint">
        <Trans>Shoppers find you by these, and by your menu's section titles, even with a typo.</Trans>
      </p>
      <FormNotes error={errors.form} ok={saved ? t`Saved. Shoppers see it on your outlet page.` : null} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t`Saving…` : t`Save`}
      </Button>
    </form>
  );
}
