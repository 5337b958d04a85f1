/**
 * What the demo outlets serve (issue 16): pure veg or not, cuisines and a dish list, from the outlet's
 * category and the words of its name, with a PRNG of its own per outlet (so adding these changed none
 * of the other generated data).
 */
import { createRng, type Rng } from './random.ts';

export interface Attributes {
  isVeg: boolean;
  cuisines: string[];
  dishes: string[];
}

const DISHES: Readonly<Record<string, readonly string[]>> = {
  'South Indian': ['Masala Dosa', 'Rava Idli', 'Idli Vada', 'Pongal', 'Filter Coffee', 'Bisi Bele Bath', 'Kesari Bath', 'Set Dosa', 'Uttapam'],
  Udupi: ['Masala Dosa', 'Mangalore Buns', 'Goli Baje', 'Rava Idli', 'Filter Coffee'],
  Andhra: ['Andhra Meals', 'Gongura Chicken', 'Pesarattu', 'Chicken 65'],
  'North Indian': ['Butter Chicken', 'Dal Makhani', 'Paneer Tikka', 'Butter Naan', 'Chole Bhature', 'Rajma Chawal'],
  Punjabi: ['Amritsari Kulcha', 'Sarson Da Saag', 'Lassi', 'Chole Bhature'],
  Kerala: ['Appam with Stew', 'Malabar Parotta', 'Fish Moilee', 'Puttu Kadala'],
  Chettinad: ['Chettinad Chicken', 'Kothu Parotta', 'Mutton Sukka'],
  Mughlai: ['Mutton Biryani', 'Seekh Kebab', 'Galouti Kebab', 'Nihari', 'Sheermal'],
  Hyderabadi: ['Chicken Biryani', 'Mutton Biryani', 'Haleem', 'Double Ka Meetha'],
  Biryani: ['Chicken Biryani', 'Mutton Biryani', 'Veg Dum Biryani', 'Egg Biryani'],
  Rajasthani: ['Dal Baati Churma', 'Gatte Ki Sabzi', 'Ker Sangri', 'Rajasthani Thali'],
  Bengali: ['Kosha Mangsho', 'Shorshe Ilish', 'Luchi Aloo Dum', 'Mishti Doi'],
  Mangalorean: ['Kori Rotti', 'Neer Dosa', 'Fish Curry', 'Chicken Ghee Roast'],
  Goan: ['Prawn Curry', 'Pork Vindaloo', 'Bebinca', 'Fish Thali'],
  Gujarati: ['Gujarati Thali', 'Dhokla', 'Khandvi', 'Undhiyu'],
  Thali: ['Unlimited Thali', 'Mini Meals', 'Full Meals'],
  'Street Food': ['Pani Puri', 'Pav Bhaji', 'Vada Pav', 'Dahi Puri', 'Samosa Chaat'],
  Chinese: ['Hakka Noodles', 'Gobi Manchurian', 'Chilli Chicken', 'Fried Rice'],
  Cafe: ['Cappuccino', 'Cold Coffee', 'Club Sandwich', 'Chocolate Brownie', 'Cold Brew'],
  Tea: ['Masala Chai', 'Ginger Chai', 'Bun Maska', 'Samosa', 'Maggi'],
  'Filter Coffee': ['Filter Coffee', 'Badam Milk', 'Benne Biscuit'],
  Bakery: ['Honey Cake', 'Veg Puff', 'Khara Bun', 'Plum Cake', 'Black Forest Cake', 'Dil Pasand'],
  Desserts: ['Red Velvet Pastry', 'Cheesecake', 'Tiramisu', 'Brownie Sundae'],
  Mithai: ['Kaju Katli', 'Rasmalai', 'Jalebi', 'Motichoor Laddu', 'Soan Papdi'],
  'Bar Food': ['Craft Beer', 'Chicken Wings', 'Nachos', 'Peri Peri Fries', 'Cocktails'],
  Continental: ['Grilled Chicken', 'Fish and Chips', 'Pasta Alfredo'],
};

const pick = (rng: Rng, list: readonly string[], min: number, max: number) => rng.sample(list, Math.min(list.length, rng.int(min, max)));

/** The restaurant's cuisines from the words of its name (Andhra Spice Kitchen → Andhra, South Indian). */
function restaurantCuisines(name: string): { cuisines: string[]; veg: boolean } {
  const has = (...words: string[]) => words.some((w) => name.includes(w));
  if (has('Udupi', 'Tiffin', 'Dosa', 'Upahara', 'Bhavan', 'Refreshments', 'Brahmin', 'Veg')) return { cuisines: ['South Indian', 'Udupi'], veg: true };
  if (has('Andhra', 'Military')) return { cuisines: ['Andhra', 'South Indian', 'Biryani'], veg: false };
  if (has('Biryani', 'Hyderabad')) return { cuisines: ['Hyderabadi', 'Biryani', 'Mughlai'], veg: false };
  if (has('Mughlai', 'Lucknowi', 'Peshawari', 'Kebab', 'Darbar', 'Tandoor')) return { cuisines: ['Mughlai', 'North Indian'], veg: false };
  if (has('Punjabi', 'Amritsari', 'Delhi', 'Dhaba', 'Kulcha')) return { cuisines: ['Punjabi', 'North Indian'], veg: false };
  if (has('Malabar', 'Kerala', 'Banana Leaf')) return { cuisines: ['Kerala', 'South Indian'], veg: false };
  if (has('Chettinad', 'Madras')) return { cuisines: ['Chettinad', 'South Indian'], veg: false };
  if (has('Rajasthani', 'Thali', 'Bhojanalaya')) return { cuisines: ['Rajasthani', 'Thali', 'Gujarati'], veg: true };
  if (has('Bengali', 'Calcutta')) return { cuisines: ['Bengali'], veg: false };
  if (has('Mangalorean', 'Mysore')) return { cuisines: ['Mangalorean', 'South Indian'], veg: false };
  if (has('Goan', 'Bombay')) return { cuisines: ['Goan', 'Street Food'], veg: false };
  if (has('Chaat')) return { cuisines: ['Street Food', 'North Indian'], veg: true };
  if (has('Mess', 'Meals')) return { cuisines: ['South Indian', 'Thali'], veg: true };
  return { cuisines: ['North Indian', 'Chinese'], veg: false };
}

/** Veg, cuisines and dishes of a demo outlet (only food places have them). */
export function demoAttributes(slug: string, categorySlug: string, name: string): Attributes {
  const rng = createRng(`bachat-demo-attributes-v1:${slug}`);
  const dishesOf = (cuisines: readonly string[], min = 3, max = 6) => {
    const all = [...new Set(cuisines.flatMap((c) => DISHES[c] ?? []))];
    return pick(rng, all, min, max);
  };
  switch (categorySlug) {
    case 'restaurants': {
      const { cuisines, veg } = restaurantCuisines(name);
      return { isVeg: veg, cuisines, dishes: dishesOf(veg ? cuisines : cuisines, 4, 7).filter((d) => !veg || !/chicken|mutton|fish|prawn|egg|pork|kebab/i.test(d)) };
    }
    case 'cafes': {
      if (/chai|kulhad|adrak|elaichi|cutting/i.test(name)) return { isVeg: true, cuisines: ['Tea', 'Street Food'], dishes: dishesOf(['Tea'], 3, 5) };
      if (/kaapi|filter/i.test(name)) return { isVeg: true, cuisines: ['Filter Coffee', 'South Indian', 'Cafe'], dishes: dishesOf(['Filter Coffee', 'South Indian'], 3, 5) };
      return { isVeg: rng.chance(0.4), cuisines: ['Cafe', 'Desserts'], dishes: dishesOf(['Cafe'], 3, 5) };
    }
    case 'bakeries-desserts': {
      if (/sweet|mithai|halwai/i.test(name)) return { isVeg: true, cuisines: ['Mithai', 'Desserts'], dishes: dishesOf(['Mithai'], 3, 5) };
      if (/iyengar/i.test(name)) return { isVeg: true, cuisines: ['Bakery'], dishes: dishesOf(['Bakery'], 3, 5) };
      return { isVeg: rng.chance(0.5), cuisines: ['Bakery', 'Desserts'], dishes: dishesOf(['Bakery', 'Desserts'], 3, 5) };
    }
    case 'pubs-bars':
      return { isVeg: false, cuisines: ['Bar Food', 'Continental', 'Chinese'], dishes: dishesOf(['Bar Food', 'Continental'], 3, 5) };
    default:
      return { isVeg: false, cuisines: [], dishes: [] };
  }
}
