import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { setAuthPageRedirect, useCurrentUser } from '@client/lib/auth';
import { navItems, navTarget } from './nav-items';

type BottomNavProps = { onHomeClick?: () => void };

/** Mobile tab bar; hidden from 768 px by layout.css (the top bar carries the links there). */
export function BottomNav({ onHomeClick }: BottomNavProps) {
  const { i18n, t } = useLingui();
  const [location] = useLocation();
  const auth = useCurrentUser();

  return (
    <nav className="bottom-nav" aria-label={t`Main`}>
      <ul className="bottom-nav__list">
        {navItems.map((item) => {
          const { key, label, icon: Icon, isActive } = item;
          const { href, redirectAfterLogin } = navTarget(item, auth);
          return (
            <li key={key}>
              <Link
                href={href}
                className="bottom-nav__link"
                aria-current={isActive(location) ? 'page' : undefined}
                onClick={() => {
                  if (key === 'home') onHomeClick?.();
                  if (redirectAfterLogin) setAuthPageRedirect(redirectAfterLogin);
                }}
              >
                <Icon className="bottom-nav__icon" />
                <span className="bottom-nav__label">{i18n._(label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
