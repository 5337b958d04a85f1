/** Word lists for the demo outlets, per category slug. */
import type { Rng } from './random.ts';

/** Words that make an Indian shop name sound right. */
export const DEVOTIONAL = ['Sri', 'Shree', 'Sri Sai', 'Om Sai', 'Jai', 'Shri Ganesh', 'New', 'Royal', 'Sri Venkateshwara', 'Maa'];
export const GIVEN = [
  'Krishna', 'Lakshmi', 'Ganesh', 'Balaji', 'Annapoorna', 'Saraswati', 'Kaveri', 'Ganga', 'Sagar', 'Durga',
  'Gayatri', 'Mahalaxmi', 'Navrang', 'Anand', 'Vijaya', 'Shanti', 'Mangal', 'Swastik', 'Arihant', 'Kalpana',
  'Nandini', 'Meenakshi', 'Jyoti', 'Amrit', 'Kohinoor', 'Raj', 'Nirmal', 'Venus', 'Satyam', 'Deepak',
];
export const SURNAMES = ['Mehta', 'Patel', 'Shetty', 'Rao', 'Iyer', 'Sharma', 'Agarwal', 'Gupta', 'Reddy', 'Nair', 'Kamath', 'Joshi', 'Bose', 'Singh', 'Malhotra', 'Desai'];

type NameMaker = (rng: Rng, locality: string) => string;

const pick = <T,>(rng: Rng, xs: readonly T[]) => rng.pick(xs);

export const NAME_MAKERS: Readonly<Record<string, readonly NameMaker[]>> = {
  restaurants: [
    (r) => `${pick(r, ['Sri Krishna', 'Sri Sagar', 'Shree Annapoorna', 'Sri Udupi', 'Kamath', 'Sri Ganesh', 'Sri Raghavendra', 'Brahmin\'s'])} ${pick(r, ['Udupi Grand', 'Tiffin Room', 'Veg', 'Bhavan', 'Refreshments', 'Upahara', 'Dosa Corner', 'Café'])}`,
    (r) => `${pick(r, ['Andhra', 'Punjabi', 'Malabar', 'Chettinad', 'Mughlai', 'Rajasthani', 'Bengali', 'Mangalorean', 'Kerala', 'Lucknowi', 'Hyderabadi', 'Goan'])} ${pick(r, ['Spice Kitchen', 'Tadka', 'Rasoi', 'Meals', 'Kitchen', 'Bhojanalaya', 'Thali House', 'Dhaba', 'Curry House', 'Handi'])}`,
    (r) => `${pick(r, GIVEN)} ${pick(r, ['Biryani House', 'Family Restaurant', 'Military Hotel', 'Mess', 'Bhojanalaya', 'Dhaba', 'Thali', 'Veg Restaurant', 'Grand', 'Kitchen'])}`,
    (r) => `${pick(r, ['Bombay', 'Delhi', 'Madras', 'Calcutta', 'Hyderabad', 'Mysore', 'Peshawari', 'Amritsari'])} ${pick(r, ['Masala Bistro', 'Biryani Co.', 'Grill', 'Kulcha House', 'Chaat House', 'Tandoor', 'Darbar', 'Kebab Corner'])}`,
    (r) => `The ${pick(r, ['Spice', 'Curry', 'Tiffin', 'Thali', 'Tandoor', 'Banana Leaf', 'Brass', 'Copper'])} ${pick(r, ['Route', 'Story', 'Company', 'Club', 'Project', 'Table', 'Pot', 'Yard'])}`,
  ],
  cafes: [
    (r, loc) => `${pick(r, ['Chai Point', 'Kaapi Katte', 'Chai Tapri', 'Filter Kaapi Co.', 'Brew Republic', 'Cuppa', 'Bean Theory'])} ${loc}`,
    (r) => `${pick(r, ['Monsoon', 'Slow Pour', 'Blue Door', 'Irani', 'Mocha', 'Little', 'Hill Top', 'Sunny Side', 'Windmill', 'Banyan'])} ${pick(r, ['Café', 'Coffee House', 'Coffee Roasters', 'Chai Bar', 'Coffee Co.', 'Brew Bar'])}`,
    (r) => `${pick(r, ['Kulhad', 'Masala', 'Adrak', 'Cutting', 'Elaichi'])} ${pick(r, ['Chai Adda', 'Chai Café', 'Chai Stop', 'Chai Co.'])}`,
    (r) => `The ${pick(r, ['Roastery', 'Daily Grind', 'Coffee Room', 'Reading Room', 'Courtyard Café', 'Book Café', 'Bun Maska Co.'])}`,
  ],
  'bakeries-desserts': [
    (r) => `${pick(r, GIVEN)} Iyengar Bakery`,
    (r) => `${pick(r, DEVOTIONAL)} ${pick(r, GIVEN)} ${pick(r, ['Sweets', 'Mithai Bhandar', 'Sweet House', 'Sweets & Bakery', 'Halwai'])}`,
    (r) => `${pick(r, ['Sugar', 'Butter', 'Honey', 'Cocoa', 'Crumbs', 'Whisk', 'Velvet', 'Saffron'])} ${pick(r, ['& Spice', 'Patisserie', 'Bake House', 'Cake Studio', 'Dessert Bar', 'Bakery'])}`,
    (r) => `${pick(r, ['Karachi', 'Bombay', 'Lahore', 'Bikaner', 'Mathura', 'Agra'])} ${pick(r, ['Sweets', 'Bakery', 'Mithaiwala', 'Sweet Mart'])}`,
  ],
  'pubs-bars': [
    (r) => `The ${pick(r, ['Hoppy', 'Thirsty', 'Brew', 'Barrel', 'Malt', 'Monkey', 'Copper', 'Windmill'])} ${pick(r, ['Tap House', 'Brewing Co.', 'Pub', 'Social', 'Taproom', 'Brewhouse'])}`,
    (r) => `${pick(r, ['Hops', 'Toddy', 'Bombay', 'Gully', 'Tipsy', 'Monsoon', 'Arbour', 'Hangar'])} ${pick(r, ['Pub & Kitchen', 'Brew Works', 'Bar & Grill', 'Social', 'Taphouse', 'Lounge'])}`,
    (r, loc) => `${pick(r, ['Hop Stop', 'Barrel House', 'Tipsy Toucan', 'Malt Street', 'Brewski'])} ${loc}`,
  ],
  fashion: [
    (r) => `${pick(r, ['Kala', 'Resham', 'Rang', 'Vastra', 'Kanchi', 'Banaras', 'Jaipur', 'Chanderi', 'Pochampally'])} ${pick(r, ['Niketan', 'Silks', 'Handlooms', 'Sarees', 'Bhandar', 'Emporium'])}`,
    (r) => `${pick(r, GIVEN)} ${pick(r, ['Fashions', 'Boutique', 'Ethnic Wear', 'Creations', 'Collections', 'Textiles', 'Menswear', 'Dress Shop'])}`,
    (r) => `${pick(r, ['Urban', 'Desi', 'Studio', 'Label', 'House of', 'Threads of'])} ${pick(r, ['Kurta', 'Chikan', 'Khadi', 'Ikat', 'Bandhani', 'Phulkari', 'Kalamkari'])}`,
    (r) => `${pick(r, SURNAMES)} ${pick(r, ['Cloth Stores', 'Tailors & Drapers', 'Readymades', 'Fashion House'])}`,
  ],
  jewellery: [
    (r) => `${pick(r, GIVEN)} ${pick(r, ['Jewellers', 'Gold & Diamonds', 'Gold Palace', 'Ornaments', 'Silver House'])}`,
    (r) => `${pick(r, SURNAMES)} ${pick(r, ['Jewellers', 'Diamonds', 'Sons Jewellers', 'Gems & Jewels'])}`,
    (r) => `${pick(r, ['Tanishka', 'Swarna', 'Kundan', 'Ratna', 'Heera', 'Moti'])} ${pick(r, ['Mahal', 'Jewels', 'Gold House', 'Art Jewellery'])}`,
  ],
  electronics: [
    (r) => `${pick(r, GIVEN)} ${pick(r, ['Electronics', 'Mobiles', 'Digital World', 'Mobile Point', 'Home Appliances', 'Computers'])}`,
    (r) => `${pick(r, ['Sangam', 'Vishal', 'Vijay', 'Bharat', 'Navkar', 'Sai Ram', 'Star', 'Sathyam'])} ${pick(r, ['Mobiles', 'Electronics', 'Digital', 'Appliances'])}`,
    (r) => `${pick(r, ['Gadget', 'Mobile', 'Digi', 'Smart', 'Tech'])} ${pick(r, ['Bazaar', 'Hub', 'Zone', 'Planet', 'Point', 'Junction'])}`,
  ],
  'salon-spa': [
    (r) => `${pick(r, ['Looks', 'Silver Comb', 'Style Street', 'Mane Street', 'Glow', 'Curl Up', 'Kesar', 'Sleek'])} Salon`,
    (r) => `${pick(r, GIVEN)} ${pick(r, ['Unisex Salon', 'Beauty Parlour', 'Hair & Beauty', 'Beauty Lounge', 'Men\'s Salon'])}`,
    (r) => `${pick(r, ['Glam', 'Mirror', 'Scissors', 'Kesh', 'Roop', 'Shringar', 'Aura', 'Tattva'])} ${pick(r, ['Studio', 'Salon & Spa', 'Wellness Spa', 'Ayurvedic Spa', 'Makeover Studio'])}`,
    (r) => `Hair ${pick(r, ['Raiserz', 'Affair', 'Lounge', 'Junction', 'Cafe'])}`,
  ],
  fitness: [
    (r) => `${pick(r, ['Steel', 'Iron', 'Power', 'Muscle', 'Body', 'Fitness'])} ${pick(r, ['Gym', 'Temple', 'House', 'Factory', 'Garage', 'Zone'])}`,
    (r) => `${pick(r, ['Surya', 'Prana', 'Shakti', 'Sattva', 'Ananda', 'Shanti'])} ${pick(r, ['Yoga Studio', 'Yoga Shala', 'Fitness', 'Wellness Centre'])}`,
    (r) => `${pick(r, ['Pulse', 'Stamina', 'Kinetic', 'Flex', 'Peak', 'Core'])} ${pick(r, ['Fitness', 'Gym', 'CrossFit', 'Studio'])}`,
  ],
  groceries: [
    (r) => `${pick(r, GIVEN)} ${pick(r, ['Supermarket', 'Provision Stores', 'Kirana', 'Fresh Mart', 'General Stores', 'Departmental Store'])}`,
    (r) => `${pick(r, ['Harvest', 'Green Leaf', 'Apna', 'Kisan', 'Annapurna', 'Daily', 'Taaza'])} ${pick(r, ['Fresh', 'Supermarket', 'Bazaar', 'Mart', 'Basket'])}`,
    (r) => `${pick(r, SURNAMES)} ${pick(r, ['Kirana Stores', 'Dry Fruits & Spices', 'Grocers', 'Organic Store'])}`,
  ],
  pharmacy: [
    (r) => `${pick(r, GIVEN)} ${pick(r, ['Medicals', 'Pharmacy', 'Chemists', 'Medical Stores', 'Chemists & Druggists'])}`,
    (r) => `${pick(r, ['Life Care', 'Health Plus', 'Sanjeevani', 'Arogya', 'Care & Cure', 'Dhanvantari'])} ${pick(r, ['Pharmacy', 'Health Store', 'Medicals'])}`,
    (r) => `${pick(r, DEVOTIONAL)} ${pick(r, GIVEN)} Medical Hall`,
  ],
};

/** What a place is known for: used in about texts and highlights. */
export const SPECIALTIES: Readonly<Record<string, readonly string[]>> = {
  restaurants: ['crisp masala dosas and filter coffee', 'slow-cooked dum biryani', 'North Indian curries and tandoori rotis', 'unlimited South Indian meals on a banana leaf', 'Andhra-style spicy meals', 'coastal seafood curries', 'Rajasthani thalis', 'Indo-Chinese favourites', 'Mughlai kebabs', 'homestyle Gujarati thalis'],
  cafes: ['freshly brewed filter coffee', 'single-origin pour-overs from Chikmagalur', 'masala chai and bun maska', 'all-day breakfasts', 'cold brews and sandwiches', 'kulhad chai and Maggi'],
  'bakeries-desserts': ['honey cakes and khara buns straight from the oven', 'Kaju katli and festive mithai boxes', 'custom birthday cakes', 'flaky veg puffs and plum cakes', 'rasmalai and hot jalebis', 'eggless cakes and pastries'],
  'pubs-bars': ['craft beer brewed on site', 'cocktails with a desi twist', 'bar bites and live sports screenings', 'weekend live music', 'pitchers, karaoke and finger food'],
  fashion: ['Kanjeevaram and Banarasi silk sarees', 'festive kurtas and sherwanis', 'handloom cottons', 'everyday ethnic wear', 'wedding lehengas', 'office wear for men and women'],
  jewellery: ['BIS-hallmarked gold jewellery', 'temple jewellery', 'diamond solitaires', 'silver pooja articles', 'bridal sets'],
  electronics: ['the latest smartphones', 'laptops and accessories', 'home appliances and TVs', 'audio gear and smart watches', 'mobile repairs and accessories'],
  'salon-spa': ['haircuts and styling', 'bridal makeup', 'Ayurvedic massages', 'hair spa and keratin treatments', 'grooming for men', 'facials and manicures'],
  fitness: ['strength training', 'morning yoga batches', 'CrossFit classes', 'Zumba and dance fitness', 'personal training'],
  groceries: ['fresh fruits and vegetables', 'staples, spices and dry fruits', 'daily essentials', 'organic produce', 'home delivery in the neighbourhood'],
  pharmacy: ['medicines and wellness products', 'baby care and personal care', 'generic medicines', 'diagnostic devices', 'prescription refills'],
};

export const HIGHLIGHTS: Readonly<Record<string, readonly string[]>> = {
  restaurants: ['Pure Veg', 'North Indian', 'South Indian', 'Chinese', 'Biryani', 'Family Seating', 'Air Conditioned', 'Takeaway', 'Home Delivery', 'Outdoor Seating', 'Valet Parking', 'Jain Food Available'],
  cafes: ['Free Wi-Fi', 'Filter Coffee', 'Pet Friendly', 'Board Games', 'Work Friendly', 'Outdoor Seating', 'Vegan Options', 'All-Day Breakfast'],
  'bakeries-desserts': ['Eggless Options', 'Custom Cakes', 'Freshly Baked Daily', 'Festive Hampers', 'Takeaway', 'Sugar-Free Sweets'],
  'pubs-bars': ['Craft Beer', 'Live Music', 'Sports Screening', 'Rooftop', 'Karaoke Nights', 'Happy Hours', 'Dance Floor'],
  fashion: ['Trial Rooms', 'Alterations', 'Handloom', 'Wedding Collection', 'Menswear', 'Kidswear', 'Silk Mark Certified'],
  jewellery: ['BIS Hallmarked', 'Certified Diamonds', 'Old Gold Exchange', 'Custom Designs', 'Silver Collection'],
  electronics: ['EMI Available', 'Exchange Offers', 'Authorised Service', 'Accessories', 'Same-Day Delivery'],
  'salon-spa': ['Unisex', 'Bridal Makeup', 'Hygiene Certified', 'Ayurvedic Treatments', 'Appointments', 'Walk-ins Welcome'],
  fitness: ['Personal Training', 'Yoga', 'Cardio Zone', 'Steam Room', 'Women Trainers', 'Free Trial'],
  groceries: ['Fresh Produce', 'Home Delivery', 'Organic', 'Daily Essentials', 'Dry Fruits'],
  pharmacy: ['24×7', 'Home Delivery', 'Generic Medicines', 'Wellness Products', 'Pharmacist on Duty'],
};

/** About-text templates: {name}, {locality}, {city}, {specialty}, {years}. */
export const ABOUT_TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  food: [
    '{name} has been serving {specialty} to {locality} for over {years} years. Pay your bill on Bachat and the discount comes off right at the table.',
    'A {locality} favourite for {specialty}. Walk in, eat well, and save instantly when you pay with Bachat.',
    'Known across {city} for {specialty}, {name} is the place regulars swear by. Show up, order, and pay through Bachat to save on the spot.',
  ],
  retail: [
    '{name} in {locality} stocks {specialty} at honest prices. Pay at the counter with Bachat and save instantly — no coupons to clip.',
    'Trusted by {city} shoppers for {years} years, {name} is your neighbourhood stop for {specialty}.',
    'From {specialty} to everyday needs, {name} has it all. Save on every bill when you pay with Bachat.',
  ],
  service: [
    '{name} in {locality} is loved for {specialty}. Book a slot or walk in, then pay with Bachat to save on the spot.',
    'For {years} years {name} has been {city}\'s go-to place for {specialty}. Pay your bill on Bachat and keep the savings.',
    'Friendly staff, spotless spaces and {specialty}. Pay through Bachat at {name} and save instantly.',
  ],
};

export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** Opening hours per category: candidates picked at random. closesAt < opensAt = past midnight. */
export const HOURS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  restaurants: [['07:00', '22:30'], ['11:30', '23:00'], ['12:00', '23:30'], ['12:00', '00:30'], ['11:00', '01:00'], ['06:30', '22:00']],
  cafes: [['08:00', '23:00'], ['07:30', '22:30'], ['09:00', '23:30'], ['10:00', '00:30']],
  'bakeries-desserts': [['07:00', '22:00'], ['08:00', '22:30'], ['09:00', '23:00']],
  'pubs-bars': [['12:00', '01:00'], ['12:00', '00:30'], ['16:00', '01:00'], ['12:00', '23:30']],
  fashion: [['10:30', '21:30'], ['10:00', '21:00'], ['11:00', '22:00']],
  jewellery: [['10:30', '20:30'], ['10:00', '21:00']],
  electronics: [['10:00', '21:30'], ['10:30', '22:00']],
  'salon-spa': [['09:00', '21:00'], ['10:00', '20:30'], ['09:30', '21:30']],
  fitness: [['05:30', '22:00'], ['06:00', '22:30'], ['05:00', '23:00']],
  groceries: [['07:00', '22:00'], ['06:30', '21:30'], ['08:00', '22:30']],
  pharmacy: [['08:00', '23:00'], ['00:00', '23:59'], ['07:30', '22:30']],
};

/** Menu titles for food places, each with the menu card that illustrates it. */
export const MENU_TITLES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  restaurants: [['Breakfast', 'south-indian'], ['Main Course', 'north-indian'], ['Tandoor', 'north-indian'], ['Chinese', 'chinese'], ['Beverages', 'cafe'], ['Desserts', 'bakery']],
  cafes: [['Coffee & Tea', 'cafe'], ['All-Day Breakfast', 'cafe'], ['Sandwiches & Bites', 'cafe'], ['Desserts', 'bakery']],
  'bakeries-desserts': [['Cakes', 'bakery'], ['Savouries', 'bakery'], ['Sweets', 'bakery'], ['Beverages', 'cafe']],
  'pubs-bars': [['Beverages', 'bar'], ['Starters', 'bar'], ['Main Course', 'north-indian'], ['Chinese', 'chinese']],
};
