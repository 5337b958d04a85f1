import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import '@client/styles/content.css';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';

const TEASERS = [
  { icon: '🎸', title: 'Concerts', text: 'Indie gigs, unplugged evenings and big-stage nights.' },
  { icon: '🎤', title: 'Comedy', text: 'Stand-up and open mics at the cafés and pubs you love.' },
  { icon: '🎭', title: 'Culture', text: 'Theatre, art walks, food festivals and more.' },
] as const;

/** SPEC §2: a Coming Soon page titled "Not Just Starry Nights". */
export function EventsPage() {
  useScrollToTop();
  return (
    <div className="page events">
      <title>Not Just Starry Nights · Events coming soon · Bachat</title>
      <meta
        name="description"
        content="Events are coming to Bachat: concerts, comedy and culture near you, with no extra fees."
      />
      <section className="events__hero">
        <span className="events__badge">Coming Soon</span>
        <h1 className="events__title">Not Just Starry Nights</h1>
        <p className="events__lead">
          Concerts, comedy and culture at places near you, booked in a tap, with{' '}
          <strong>no extra fees</strong>.
        </p>
        <div className="events__stars" aria-hidden="true">
          ✦ ✧ ✦ ✧ ✦
        </div>
      </section>
      <ul className="events__teasers">
        {TEASERS.map((teaser) => (
          <li key={teaser.title} className="events__teaser">
            <span className="events__teaser-icon" aria-hidden="true">
              {teaser.icon}
            </span>
            <div>
              <h2>{teaser.title}</h2>
              <p>{teaser.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="events__cta">
        Until then, save on every bill at outlets near you.{' '}
        <Link href={paths.home.href()} className="btn btn--primary btn--md">
          Explore offers
        </Link>
      </p>
    </div>
  );
}
