import { Trans, useLingui } from '@lingui/react/macro';
import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { formatPhone, formatRupeesWhole } from '@client/lib/format';
import { formatHours } from '../../lib/format';

/** About: the outlet's description, cost for two, highlights, address, hours and phone. */
export function AboutTab({ outletId }: { outletId: number }) {
  const { t } = useLingui();
  const overview = trpc.outlets.overview.useQuery({ outletId });
  return (
    <QueryState query={overview} loadingLabel={t`Loading details`} errorMessage={t`We couldn't load the details.`}>
      {(o) => <About o={o} />}
    </QueryState>
  );
}

function About({ o }: { o: RouterOutputs['outlets']['overview'] }) {
  const { t } = useLingui();
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${o.latitude},${o.longitude}`;
  const name = o.name;
  const cost = o.costForTwoPaise !== null ? formatRupeesWhole(o.costForTwoPaise) : null;

  return (
    <div className="tab-panel-body">
      <section className="tab-section" aria-labelledby="about-title">
        <h2 id="about-title" className="tab-section__title">
          <Trans>About {name}</Trans>
        </h2>
        <p className="about-text">{o.about || t`The outlet has not added a description yet.`}</p>
      </section>
      {o.highlights.length > 0 ? (
        <section className="tab-section" aria-label={t`Highlights`}>
          <h2 className="tab-section__title">
            <Trans>Highlights</Trans>
          </h2>
          <ul className="highlights">
            {o.highlights.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <dl className="facts">
        {cost !== null ? (
          <div>
            <dt>
              <Trans>Cost for two</Trans>
            </dt>
            <dd>
              <Trans>{cost} (approx.)</Trans>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans>Hours</Trans>
          </dt>
          <dd>{formatHours(o.opensAt, o.closesAt)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Address</Trans>
          </dt>
          <dd>
            {o.address}{' '}
            <a href={mapsUrl} target="_blank" rel="noreferrer" className="text-link">
              <Trans>Get directions</Trans>
            </a>
          </dd>
        </div>
        {o.phoneNumber ? (
          <div>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>
              <a href={`tel:${o.phoneNumber}`} className="text-link">
                {formatPhone(o.phoneNumber)}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
