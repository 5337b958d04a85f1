import {
  Beer,
  BookOpen,
  Cake,
  Car,
  Coffee,
  Dumbbell,
  Gem,
  Gift,
  HeartPulse,
  House,
  PawPrint,
  Pill,
  Scissors,
  Shirt,
  ShoppingBag,
  ShoppingCart,
  Smartphone,
  Sparkles,
  Store,
  Utensils,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
import type { CategoryIcon as CategoryIconKey } from '@server/modules/categories/schema';

/** Each key a category's `icon` may hold (CATEGORY_ICONS, chosen in the back office) and its drawing. */
const ICONS: Record<CategoryIconKey, LucideIcon> = {
  utensils: Utensils,
  coffee: Coffee,
  cake: Cake,
  beer: Beer,
  shirt: Shirt,
  gem: Gem,
  smartphone: Smartphone,
  scissors: Scissors,
  dumbbell: Dumbbell,
  'shopping-cart': ShoppingCart,
  pill: Pill,
  store: Store,
  'shopping-bag': ShoppingBag,
  sparkles: Sparkles,
  car: Car,
  book: BookOpen,
  gift: Gift,
  'heart-pulse': HeartPulse,
  'paw-print': PawPrint,
  home: House,
};

/** The drawing of a category's icon; unknown keys draw a shop. Loaded on demand: see category-icon.tsx. */
export default function CategoryDrawing({ icon, ...props }: { icon: string } & LucideProps) {
  const Icon = ICONS[icon as CategoryIconKey] ?? Store;
  return <Icon {...props} />;
}
