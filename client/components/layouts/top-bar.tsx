import { Link, useLocation } from 'wouter';
import { paths } from '@client/app/paths';
import { HelpIcon } from '@client/components/ui/icons';
import { navItems } from './nav-items';

type TopBarProps = { onHomeClick?: () => void };

export function TopBar({ onHomeClick }: TopBarProps) {
  const [location] = useLocation();

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <Link href={paths.home.href()} className="wordmark" aria-label="Bachat home">
          <span className="wordmark__mark" aria-hidden="true">
            ₹
          </span>
          <span className="wordmark__text">Bachat</span>
        </Link>

        {/* Desktop navigation: the bottom bar is hidden from 768 px. */}
        <nav className="top-bar__nav" aria-label="Primary">
          {navItems.map((item) => (
            <Link
              key={item.key}
              href={item.href}
              className="top-bar__nav-link"
              aria-current={item.isActive(location) ? 'page' : undefined}
              onClick={item.key === 'home' ? onHomeClick : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>

        <div className="top-bar__actions">
          <Link href={paths.faqs.href()} className="top-bar__help">
            <HelpIcon width={20} height={20} />
            <span>Help</span>
          </Link>
          <Link href={paths.login.href()} className="btn btn--primary btn--sm">
            Sign In
          </Link>
        </div>
      </div>
    </header>
  );
}
