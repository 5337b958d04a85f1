import type { CategoryIcon } from '../../server/modules/categories/schema.ts';

/** Reference categories (upserted by slug). `kind` drives the demo data: food places get menus. */
export type CategoryKind = 'food' | 'retail' | 'service';

export interface CategorySeed {
  slug: string;
  name: string;
  /** The Hindi name (docs/i18n.md). */
  nameHi: string;
  /** A key of CATEGORY_ICONS (server/modules/categories/schema.ts). */
  icon: CategoryIcon;
  sortOrder: number;
  kind: CategoryKind;
}

export const CATEGORIES: readonly CategorySeed[] = [
  { slug: 'restaurants', name: 'Restaurants', nameHi: 'रेस्टोरेंट', icon: 'utensils', sortOrder: 10, kind: 'food' },
  { slug: 'cafes', name: 'Cafés', nameHi: 'कैफ़े', icon: 'coffee', sortOrder: 20, kind: 'food' },
  { slug: 'bakeries-desserts', name: 'Bakeries & Desserts', nameHi: 'बेकरी और मिठाइयाँ', icon: 'cake', sortOrder: 30, kind: 'food' },
  { slug: 'pubs-bars', name: 'Pubs & Bars', nameHi: 'पब और बार', icon: 'beer', sortOrder: 40, kind: 'food' },
  { slug: 'fashion', name: 'Fashion', nameHi: 'फ़ैशन', icon: 'shirt', sortOrder: 50, kind: 'retail' },
  { slug: 'jewellery', name: 'Jewellery', nameHi: 'ज्वेलरी', icon: 'gem', sortOrder: 60, kind: 'retail' },
  { slug: 'electronics', name: 'Electronics', nameHi: 'इलेक्ट्रॉनिक्स', icon: 'smartphone', sortOrder: 70, kind: 'retail' },
  { slug: 'salon-spa', name: 'Salon & Spa', nameHi: 'सैलून और स्पा', icon: 'scissors', sortOrder: 80, kind: 'service' },
  { slug: 'fitness', name: 'Fitness', nameHi: 'फ़िटनेस', icon: 'dumbbell', sortOrder: 90, kind: 'service' },
  { slug: 'groceries', name: 'Groceries', nameHi: 'किराना', icon: 'shopping-cart', sortOrder: 100, kind: 'retail' },
  { slug: 'pharmacy', name: 'Pharmacy', nameHi: 'दवा की दुकान', icon: 'pill', sortOrder: 110, kind: 'retail' },
];

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
