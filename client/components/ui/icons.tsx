import type { SVGProps } from 'react';

/**
 * The app's icons (issue 17): line icons drawn in currentColor, never emoji (without an emoji font
 * those render as empty boxes). Category icons are in category-icon.tsx.
 *
 * Two kinds, both tree-shaken (a screen's chunk carries only the icons it draws):
 * - the app shell's (navigation, top bar, language switch, notices, the home page's pins), written
 *   out here as plain SVG: they are on every first screen, and Lucide's runtime would cost the home
 *   route's JavaScript budget more than these few shapes (`npm run bench -- bundle`). The shapes are
 *   Lucide's (ISC licence), so every icon of the app looks alike;
 * - every other icon, re-exported from lucide-react.
 *
 * All are hidden from screen readers: the control around an icon carries its name.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; strokeWidth?: number | string };

function Svg({ size = 24, width, height, strokeWidth = 2, children, ...props }: IconProps) {
  return (
    <svg
      width={width ?? size}
      height={height ?? size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Home (navigation). (Lucide's `house`.) */
export const HomeIcon = (props: IconProps) => <Svg {...props}><path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8" /><path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" /></Svg>;
/** Events (navigation). (Lucide's `calendar-days`.) */
export const EventsIcon = (props: IconProps) => <Svg {...props}><path d="M8 2v3" /><path d="M16 2v3" /><rect x="3" y="3" width="18" height="18" rx="2" /><path d="M3 9h18" /><path d="M8 13h.01" /><path d="M12 13h.01" /><path d="M16 13h.01" /><path d="M8 17h.01" /><path d="M12 17h.01" /><path d="M16 17h.01" /></Svg>;
/** History (navigation). (Lucide's `rotate-ccw-clock`.) */
export const ScanIcon = (props: IconProps) => <Svg {...props}><path d="M3 7V5a2 2 0 0 1 2-2h2" /><path d="M17 3h2a2 2 0 0 1 2 2v2" /><path d="M21 17v2a2 2 0 0 1-2 2h-2" /><path d="M7 21H5a2 2 0 0 1-2-2v-2" /><path d="M7 12h10" /></Svg>;

export const HistoryIcon = (props: IconProps) => <Svg {...props}><path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" /><path d="M3 3v5h5" /><path d="M12 7v5l4 2" /></Svg>;
/** Profile (navigation). (Lucide's `user-round`.) */
export const ProfileIcon = (props: IconProps) => <Svg {...props}><circle cx="12" cy="8" r="5" /><path d="M20 21a8 8 0 0 0-16 0" /></Svg>;
/** Help (top bar). (Lucide's `circle-question-mark`.) */
export const HelpIcon = (props: IconProps) => <Svg {...props}><circle cx="12" cy="12" r="10" /><path d="M9 9.5a3 2.5 0 016 0c0 2-2 2-3 3.5" /><path d="M12 17h.01" /></Svg>;
/** Back (top bar). (Lucide's `arrow-left`.) */
export const BackIcon = (props: IconProps) => <Svg {...props}><path d="m12 19-7-7 7-7" /><path d="M19 12H5" /></Svg>;
/** Done, verified, sent. (Lucide's `badge-check`.) */
export const DoneIcon = (props: IconProps) => <Svg {...props}><path d="M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z" /><path d="m16 9-5.5 5.5L8 12" /></Svg>;
/** The language switch. (Lucide's `languages`.) */
export const LanguageIcon = (props: IconProps) => <Svg {...props}><path d="m5 8 6 6" /><path d="m4 14 6-6 2-3" /><path d="M2 5h12" /><path d="M7 2h1" /><path d="m22 22-5-10-5 10" /><path d="M14 18h6" /></Svg>;
/** The notification bell (top bar). (Lucide's `bell`.) */
export const BellIcon = (props: IconProps) => <Svg {...props}><path d="M10.268 21a2 2 0 0 0 3.464 0" /><path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326" /></Svg>;
/** A place: location, city. (Lucide's `map-pin`.) */
export const PinIcon = (props: IconProps) => <Svg {...props}><path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" /><circle cx="12" cy="10" r="3" /></Svg>;
/** "All" categories. (Lucide's `sparkles`.) */
export const SparkleIcon = (props: IconProps) => <Svg {...props}><path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z" /><path d="M20 2v4" /><path d="M22 4h-4" /><circle cx="4" cy="20" r="2" /></Svg>;

export {
  /** Sound off (the payments screen's chime; sound on is BellIcon). */
  BellOff as BellOffIcon,
  /** The counter's "Announce payments" switch (the soundbox). */
  Megaphone as MegaphoneIcon,
  /** A Golden Key. */
  KeyRound as KeyIcon,
  /** "Live now", an instant discount. */
  Zap as FlashIcon,
  LockKeyhole as LockIcon,
  PartyPopper as CelebrateIcon,
  Star as StarIcon,
  Store as StoreIcon,
} from 'lucide-react';
