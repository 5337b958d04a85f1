/** Reference categories (upserted by slug). `kind` drives the demo data: food places get menus. */
export type CategoryKind = 'food' | 'retail' | 'service';

export interface CategorySeed {
  slug: string;
  name: string;
  icon: string;
  sortOrder: number;
  kind: CategoryKind;
}

export const CATEGORIES: readonly CategorySeed[] = [
  { slug: 'restaurants', name: 'Restaurants', icon: '🍽️', sortOrder: 10, kind: 'food' },
  { slug: 'cafes', name: 'Cafés', icon: '☕', sortOrder: 20, kind: 'food' },
  { slug: 'bakeries-desserts', name: 'Bakeries & Desserts', icon: '🧁', sortOrder: 30, kind: 'food' },
  { slug: 'pubs-bars', name: 'Pubs & Bars', icon: '🍻', sortOrder: 40, kind: 'food' },
  { slug: 'fashion', name: 'Fashion', icon: '👗', sortOrder: 50, kind: 'retail' },
  { slug: 'jewellery', name: 'Jewellery', icon: '💍', sortOrder: 60, kind: 'retail' },
  { slug: 'electronics', name: 'Electronics', icon: '📱', sortOrder: 70, kind: 'retail' },
  { slug: 'salon-spa', name: 'Salon & Spa', icon: '💇', sortOrder: 80, kind: 'service' },
  { slug: 'fitness', name: 'Fitness', icon: '🏋️', sortOrder: 90, kind: 'service' },
  { slug: 'groceries', name: 'Groceries', icon: '🛒', sortOrder: 100, kind: 'retail' },
  { slug: 'pharmacy', name: 'Pharmacy', icon: '💊', sortOrder: 110, kind: 'retail' },
];

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
