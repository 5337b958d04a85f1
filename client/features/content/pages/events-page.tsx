import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Drama, Guitar, MicVocal, Sparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import '@client/styles/content.css';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';

const TEASERS: readonly { icon: LucideIcon; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { icon: Guitar, title: msg`Concerts`, text: msg`Indie gigs, unplugged evenings and big-stage nights.` },
  { icon: MicVocal, title: msg`Comedy`, text: msg`Stand-up and open mics at the cafés and pubs you love.` },
  { icon: Drama, title: msg`Culture`, text: msg`Theatre, art walks, food festivals and more.` },
];

/** SPEC §2: a Coming Soon page titled "Not Just Starry Nights". */
export function EventsPage() {
  const { t, i18n } = useLingui();
  useScrollToTop();
  return (
    <div className="page events">
      <title>{t`Not Just Starry Nights · Events coming soon · Bachat`}</title>
      <meta name="description" content={t`Events are coming to Bachat: concerts, comedy and culture near you, with no extra fees.`} />
      <section className="events__hero">
        <span className="events__badge">
          <Trans>Coming Soon</Trans>
        </span>
        <h1 className="events__title">
          <Trans>Not Just Starry Nights</Trans>
        </h1>
        <p className="events__lead">
          <Trans>
            Concerts, comedy and culture at places near you, booked in a tap, with <strong>no extra fees</strong>.
          </Trans>
        </p>
        <div className="events__stars" aria-hidden="true">
          <Sparkles width={20} height={20} />
          <Sparkles width={14} height={14} />
          <Sparkles width={20} height={20} />
        </div>
      </section>
      <ul className="events__teasers">
        {TEASERS.map((teaser, index) => {
          const Icon = teaser.icon;
          return (
            <li key={index} className="events__teaser">
              <span className="events__teaser-icon" aria-hidden="true">
                <Icon width={26} height={26} />
              </span>
              <div>
                <h2>{i18n._(teaser.title)}</h2>
                <p>{i18n._(teaser.text)}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="events__cta">
        <Trans>Until then, save on every bill at outlets near you.</Trans>{' '}
        <Link href={paths.home.href()} className="btn btn--primary btn--md">
          <Trans>Explore offers</Trans>
        </Link>
      </p>
    </div>
  );
}
