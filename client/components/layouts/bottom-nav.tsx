import { Link, useLocation } from 'wouter';
import { navItems } from './nav-items';

type BottomNavProps = { onHomeClick?: () => void };

/** Mobile tab bar; hidden from 768 px by layout.css (the top bar carries the links there). */
export function BottomNav({ onHomeClick }: BottomNavProps) {
  const [location] = useLocation();

  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {navItems.map(({ key, label, href, icon: Icon, isActive }) => (
          <li key={key}>
            <Link
              href={href}
              className="bottom-nav__link"
              aria-current={isActive(location) ? 'page' : undefined}
              onClick={key === 'home' ? onHomeClick : undefined}
            >
              <Icon className="bottom-nav__icon" />
              <span className="bottom-nav__label">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
