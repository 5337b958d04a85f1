import {
  ArrowLeft,
  BadgeCheck,
  CalendarDays,
  CircleHelp,
  History,
  House,
  KeyRound,
  LockKeyhole,
  MapPin,
  PartyPopper,
  Sparkles,
  Star,
  Store,
  UserRound,
  Zap,
  type LucideProps,
} from 'lucide-react';

/**
 * The app's icons (issue 17): Lucide's line icons, imported one by one so only those used are bundled,
 * drawn in currentColor and hidden from screen readers (the control around an icon carries its name).
 * No emoji: without an emoji font they render as empty boxes. Category icons are in category-icon.tsx.
 */
export type IconProps = LucideProps;

const hidden = { 'aria-hidden': true, focusable: false } as const;

export const HomeIcon = (props: IconProps) => <House {...hidden} {...props} />;
export const EventsIcon = (props: IconProps) => <CalendarDays {...hidden} {...props} />;
export const HistoryIcon = (props: IconProps) => <History {...hidden} {...props} />;
export const ProfileIcon = (props: IconProps) => <UserRound {...hidden} {...props} />;
export const HelpIcon = (props: IconProps) => <CircleHelp {...hidden} {...props} />;
export const PinIcon = (props: IconProps) => <MapPin {...hidden} {...props} />;
export const BackIcon = (props: IconProps) => <ArrowLeft {...hidden} {...props} />;
/** A Golden Key. */
export const KeyIcon = (props: IconProps) => <KeyRound {...hidden} {...props} />;
/** "Live now", an instant discount. */
export const FlashIcon = (props: IconProps) => <Zap {...hidden} {...props} />;
export const LockIcon = (props: IconProps) => <LockKeyhole {...hidden} {...props} />;
export const CelebrateIcon = (props: IconProps) => <PartyPopper {...hidden} {...props} />;
export const SparkleIcon = (props: IconProps) => <Sparkles {...hidden} {...props} />;
export const StarIcon = (props: IconProps) => <Star {...hidden} {...props} />;
export const StoreIcon = (props: IconProps) => <Store {...hidden} {...props} />;
/** Done, verified, sent. */
export const DoneIcon = (props: IconProps) => <BadgeCheck {...hidden} {...props} />;
