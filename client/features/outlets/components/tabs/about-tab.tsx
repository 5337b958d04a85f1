import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { formatRupeesWhole } from '@client/lib/format';
import { formatHours } from '../../lib/format';

/** About: the outlet's description, cost for two, highlights, address, hours and phone. */
export function AboutTab({ outletId }: { outletId: number }) {
  const overview = trpc.outlets.overview.useQuery({ outletId });
  return (
    <QueryState query={overview} loadingLabel="Loading details" errorMessage="We couldn't load the details.">
      {(o) => <About o={o} />}
    </QueryState>
  );
}

function About({ o }: { o: RouterOutputs['outlets']['overview'] }) {
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${o.latitude},${o.longitude}`;

  return (
    <div className="tab-panel-body">
      <section className="tab-section" aria-labelledby="about-title">
        <h2 id="about-title" className="tab-section__title">
          About {o.name}
        </h2>
        <p className="about-text">{o.about || 'The outlet has not added a description yet.'}</p>
      </section>
      {o.highlights.length > 0 ? (
        <section className="tab-section" aria-label="Highlights">
          <h2 className="tab-section__title">Highlights</h2>
          <ul className="highlights">
            {o.highlights.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <dl className="facts">
        {o.costForTwoPaise !== null ? (
          <div>
            <dt>Cost for two</dt>
            <dd>{formatRupeesWhole(o.costForTwoPaise)} (approx.)</dd>
          </div>
        ) : null}
        <div>
          <dt>Hours</dt>
          <dd>{formatHours(o.opensAt, o.closesAt)}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            {o.address}{' '}
            <a href={mapsUrl} target="_blank" rel="noreferrer" className="text-link">
              Get directions
            </a>
          </dd>
        </div>
        {o.phoneNumber ? (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${o.phoneNumber}`} className="text-link">
                {o.phoneNumber}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
