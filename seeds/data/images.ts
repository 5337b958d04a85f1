/**
 * Generated card images for the demo data (nothing is fetched from the network).
 * Category pictures: a warm gradient, a soft pattern and a flat geometric illustration of the
 * category (plate, cup, cupcake…), three variants each. Menu cards: a printed-menu look with dishes
 * and prices. All 800×600 SVG, stored under `seed/…` keys.
 */
import { CATEGORIES } from './categories.ts';

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 600;
export const VARIANTS_PER_CATEGORY = 3;

/** Storage key of category picture `n` (1-based). */
export function categoryImageKey(categorySlug: string, n: number): string {
  return `seed/${categorySlug}-${n}.svg`;
}

export function menuImageKey(kind: string): string {
  return `seed/menu-${kind}.svg`;
}

/** [gradient start, gradient end] per category and variant. */
const PALETTES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  restaurants: [['#F97316', '#C2410C'], ['#F59E0B', '#DC2626'], ['#FB7185', '#EA580C']],
  cafes: [['#B45309', '#78350F'], ['#D97706', '#92400E'], ['#C2410C', '#7C2D12']],
  'bakeries-desserts': [['#F472B6', '#F59E0B'], ['#FB7185', '#DB2777'], ['#F9A8D4', '#EA580C']],
  'pubs-bars': [['#D97706', '#7C2D12'], ['#F59E0B', '#9A3412'], ['#B45309', '#450A0A']],
  fashion: [['#DB2777', '#7C3AED'], ['#E11D48', '#9333EA'], ['#F472B6', '#BE185D']],
  jewellery: [['#CA8A04', '#78350F'], ['#EAB308', '#B45309'], ['#A16207', '#7C2D12']],
  electronics: [['#6366F1', '#DB2777'], ['#0EA5E9', '#6D28D9'], ['#8B5CF6', '#F43F5E']],
  'salon-spa': [['#EC4899', '#F59E0B'], ['#C026D3', '#FB7185'], ['#F43F5E', '#FB923C']],
  fitness: [['#EF4444', '#F59E0B'], ['#EA580C', '#B91C1C'], ['#F97316', '#FACC15']],
  groceries: [['#16A34A', '#CA8A04'], ['#65A30D', '#15803D'], ['#059669', '#F59E0B']],
  pharmacy: [['#0D9488', '#16A34A'], ['#0891B2', '#0D9488'], ['#14B8A6', '#65A30D']],
};

const PAPER = '#FFFBF5';

/** Flat illustrations drawn in a 300×300 box; `ink` is the darker palette colour. */
const GLYPHS: Readonly<Record<string, (ink: string) => string>> = {
  restaurants: (ink) => `
    <circle cx="150" cy="150" r="104" fill="${ink}" opacity=".18"/>
    <circle cx="150" cy="146" r="100" fill="${PAPER}"/>
    <circle cx="150" cy="146" r="74" fill="none" stroke="${ink}" stroke-opacity=".22" stroke-width="6"/>
    <path d="M96 150 a54 54 0 0 1 108 0 z" fill="#F59E0B"/>
    <path d="M96 150 a54 54 0 0 1 108 0" fill="none" stroke="#B45309" stroke-width="5"/>
    <circle cx="128" cy="172" r="14" fill="#22C55E"/>
    <circle cx="156" cy="178" r="14" fill="#EF4444"/>
    <circle cx="182" cy="170" r="12" fill="#FDE68A"/>
    <g fill="${PAPER}">
      <rect x="12" y="52" width="7" height="56" rx="3.5"/><rect x="25" y="52" width="7" height="56" rx="3.5"/>
      <rect x="38" y="52" width="7" height="56" rx="3.5"/>
      <path d="M10 104 h37 v8 a18 18 0 0 1 -37 0 z"/>
      <rect x="22" y="120" width="13" height="130" rx="6.5"/>
      <path d="M272 50 c26 14 30 70 22 104 h-22 z"/>
      <rect x="272" y="150" width="14" height="100" rx="7"/>
    </g>`,
  cafes: (ink) => `
    <g fill="none" stroke="${PAPER}" stroke-width="9" stroke-linecap="round" opacity=".85">
      <path d="M110 96 c-18 -20 16 -32 0 -58"/><path d="M148 92 c-18 -22 18 -34 0 -64"/><path d="M186 96 c-18 -20 16 -32 0 -58"/>
    </g>
    <ellipse cx="150" cy="252" rx="124" ry="24" fill="${ink}" opacity=".25"/>
    <ellipse cx="150" cy="244" rx="120" ry="22" fill="${PAPER}"/>
    <path d="M228 140 c52 -4 52 70 -10 70" fill="none" stroke="${PAPER}" stroke-width="15" stroke-linecap="round"/>
    <path d="M58 118 h176 v32 c0 58 -36 90 -88 90 c-52 0 -88 -32 -88 -90 z" fill="${PAPER}"/>
    <ellipse cx="146" cy="120" rx="86" ry="13" fill="${ink}"/>
    <ellipse cx="124" cy="118" rx="30" ry="4" fill="#fff" opacity=".2"/>
    <path d="M78 176 h136" stroke="${ink}" stroke-opacity=".2" stroke-width="10"/>`,
  'bakeries-desserts': (ink) => `
    <path d="M150 50 c4 -18 18 -26 30 -28" fill="none" stroke="#166534" stroke-width="5" stroke-linecap="round"/>
    <circle cx="150" cy="62" r="17" fill="#DC2626"/><circle cx="144" cy="56" r="5" fill="#FCA5A5"/>
    <g fill="#FCE7F3">
      <circle cx="150" cy="104" r="34"/><circle cx="104" cy="152" r="36"/><circle cx="196" cy="152" r="36"/>
      <circle cx="150" cy="140" r="46"/><rect x="70" y="150" width="160" height="28" rx="14"/>
    </g>
    <g stroke-linecap="round" stroke-width="6">
      <path d="M120 118 l8 -6" stroke="#F59E0B"/><path d="M166 112 l8 6" stroke="#22C55E"/><path d="M140 150 l-6 8" stroke="#3B82F6"/>
      <path d="M190 146 l8 4" stroke="#F59E0B"/><path d="M102 146 l6 6" stroke="#A855F7"/><path d="M164 160 l8 -2" stroke="#EF4444"/>
    </g>
    <path d="M80 180 h140 l-20 92 h-100 z" fill="${PAPER}"/>
    <g stroke="${ink}" stroke-opacity=".28" stroke-width="7">
      <path d="M104 184 l8 84"/><path d="M128 184 l3 84"/><path d="M150 184 v84"/><path d="M172 184 l-3 84"/><path d="M196 184 l-8 84"/>
    </g>`,
  'pubs-bars': (ink) => `
    <path d="M204 120 h26 a28 28 0 0 1 28 28 v58 a28 28 0 0 1 -28 28 h-26" fill="none" stroke="${PAPER}" stroke-width="17"/>
    <rect x="64" y="86" width="146" height="190" rx="20" fill="${PAPER}"/>
    <rect x="78" y="112" width="118" height="150" rx="12" fill="#F59E0B"/>
    <rect x="78" y="112" width="30" height="150" rx="12" fill="#FCD34D" opacity=".7"/>
    <g fill="${PAPER}" opacity=".75"><circle cx="150" cy="220" r="6"/><circle cx="170" cy="190" r="4"/><circle cx="132" cy="170" r="5"/><circle cx="160" cy="150" r="3.5"/></g>
    <g fill="${PAPER}">
      <circle cx="82" cy="92" r="26"/><circle cx="118" cy="80" r="30"/><circle cx="158" cy="84" r="28"/><circle cx="192" cy="94" r="24"/>
      <rect x="60" y="92" width="154" height="26" rx="10"/>
    </g>
    <path d="M92 118 v26" stroke="${PAPER}" stroke-width="12" stroke-linecap="round"/>
    <path d="M96 276 h82" stroke="${ink}" stroke-opacity=".2" stroke-width="8"/>`,
  fashion: (ink) => `
    <path d="M150 70 c0 -26 34 -28 34 -6 c0 14 -18 16 -34 30" fill="none" stroke="${PAPER}" stroke-width="8" stroke-linecap="round"/>
    <path d="M150 94 L50 140 h200 z" fill="none" stroke="${PAPER}" stroke-width="9" stroke-linejoin="round"/>
    <path d="M118 138 c6 18 58 18 64 0 l14 52 l56 92 h-204 l56 -92 z" fill="${PAPER}"/>
    <path d="M104 190 h92" stroke="${ink}" stroke-opacity=".35" stroke-width="12"/>
    <g fill="${ink}" opacity=".22">
      <circle cx="110" cy="230" r="7"/><circle cx="150" cy="222" r="7"/><circle cx="190" cy="230" r="7"/>
      <circle cx="86" cy="262" r="7"/><circle cx="130" cy="256" r="7"/><circle cx="170" cy="256" r="7"/><circle cx="214" cy="262" r="7"/>
    </g>`,
  jewellery: (ink) => `
    <polygon points="56,122 100,66 200,66 244,122 150,262" fill="${PAPER}"/>
    <polygon points="100,66 124,122 150,66" fill="${ink}" opacity=".12"/>
    <polygon points="150,66 176,122 200,66" fill="${ink}" opacity=".12"/>
    <polygon points="56,122 124,122 150,262" fill="${ink}" opacity=".18"/>
    <polygon points="176,122 244,122 150,262" fill="${ink}" opacity=".08"/>
    <g fill="none" stroke="${ink}" stroke-opacity=".35" stroke-width="3" stroke-linejoin="round">
      <polygon points="56,122 100,66 200,66 244,122 150,262"/>
      <path d="M56 122 h188"/><path d="M100 66 l24 56 l26 -56 l26 56 l24 -56"/><path d="M124 122 l26 140 l26 -140"/>
    </g>
    <g fill="${PAPER}">
      <path d="M252 40 l5 15 l15 5 l-15 5 l-5 15 l-5 -15 l-15 -5 l15 -5 z"/>
      <path d="M40 200 l4 11 l11 4 l-11 4 l-4 11 l-4 -11 l-11 -4 l11 -4 z"/>
      <path d="M262 214 l3 8 l8 3 l-8 3 l-3 8 l-3 -8 l-8 -3 l8 -3 z"/>
    </g>`,
  electronics: (ink) => `
    <rect x="96" y="26" width="128" height="250" rx="24" fill="${ink}" opacity=".3" transform="translate(6 6)"/>
    <rect x="96" y="26" width="128" height="250" rx="24" fill="${PAPER}"/>
    <rect x="108" y="52" width="104" height="190" rx="8" fill="${ink}"/>
    <rect x="138" y="36" width="44" height="7" rx="3.5" fill="${ink}" opacity=".3"/>
    <circle cx="160" cy="259" r="9" fill="${ink}" opacity=".3"/>
    <g>
      <rect x="120" y="66" width="22" height="22" rx="6" fill="#FBBF24"/><rect x="149" y="66" width="22" height="22" rx="6" fill="#34D399"/><rect x="178" y="66" width="22" height="22" rx="6" fill="#60A5FA"/>
      <rect x="120" y="96" width="22" height="22" rx="6" fill="#F472B6"/><rect x="149" y="96" width="22" height="22" rx="6" fill="#FB923C"/><rect x="178" y="96" width="22" height="22" rx="6" fill="#A78BFA"/>
      <rect x="120" y="126" width="22" height="22" rx="6" fill="#F87171"/><rect x="149" y="126" width="22" height="22" rx="6" fill="#FDE68A"/><rect x="178" y="126" width="22" height="22" rx="6" fill="#5EEAD4"/>
      <rect x="120" y="176" width="80" height="50" rx="8" fill="${PAPER}" opacity=".2"/>
    </g>
    <path d="M40 130 a40 40 0 0 1 0 60" fill="none" stroke="${PAPER}" stroke-width="7" stroke-linecap="round" opacity=".7"/>
    <path d="M60 116 a60 60 0 0 1 0 88" fill="none" stroke="${PAPER}" stroke-width="7" stroke-linecap="round" opacity=".45"/>`,
  'salon-spa': (ink) => `
    <g stroke="${PAPER}" stroke-width="16" stroke-linecap="round">
      <path d="M98 36 L182 200"/><path d="M202 36 L118 200"/>
    </g>
    <g fill="none" stroke="${PAPER}" stroke-width="13">
      <circle cx="194" cy="232" r="32"/><circle cx="106" cy="232" r="32"/>
    </g>
    <circle cx="150" cy="134" r="9" fill="${ink}"/>
    <g fill="${PAPER}" opacity=".9">
      <path d="M246 60 l5 14 l14 5 l-14 5 l-5 14 l-5 -14 l-14 -5 l14 -5 z"/>
      <path d="M50 110 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4 l10 -4 z"/>
    </g>`,
  fitness: (ink) => `
    <g transform="rotate(-22 150 150)">
      <rect x="60" y="138" width="180" height="24" rx="10" fill="${PAPER}"/>
      <rect x="36" y="88" width="36" height="124" rx="10" fill="${PAPER}"/>
      <rect x="10" y="110" width="28" height="80" rx="9" fill="${PAPER}"/>
      <rect x="228" y="88" width="36" height="124" rx="10" fill="${PAPER}"/>
      <rect x="262" y="110" width="28" height="80" rx="9" fill="${PAPER}"/>
      <rect x="46" y="96" width="8" height="108" rx="4" fill="${ink}" opacity=".2"/>
      <rect x="238" y="96" width="8" height="108" rx="4" fill="${ink}" opacity=".2"/>
    </g>`,
  groceries: (ink) => `
    <path d="M84 146 c0 -100 132 -100 132 0" fill="none" stroke="${PAPER}" stroke-width="13"/>
    <circle cx="112" cy="128" r="32" fill="#EF4444"/><path d="M112 98 c2 -10 8 -14 14 -16" stroke="#166534" stroke-width="4" fill="none"/>
    <circle cx="166" cy="116" r="34" fill="#FB923C"/><circle cx="158" cy="106" r="6" fill="#FED7AA"/>
    <circle cx="212" cy="136" r="26" fill="#A3E635"/>
    <path d="M136 92 c10 -24 34 -28 44 -24 c-6 14 -26 28 -44 24 z" fill="#22C55E"/>
    <path d="M40 146 h220 l-28 124 h-164 z" fill="${PAPER}"/>
    <rect x="32" y="136" width="236" height="22" rx="11" fill="${PAPER}"/>
    <g stroke="${ink}" stroke-opacity=".22" stroke-width="6">
      <path d="M52 190 h196"/><path d="M60 230 h180"/>
      <path d="M96 160 l6 106"/><path d="M150 160 v106"/><path d="M204 160 l-6 106"/>
    </g>`,
  pharmacy: (ink) => `
    <path d="M104 40 h52 v52 h52 v52 h-52 v52 h-52 v-52 h-52 v-52 h52 z" fill="${PAPER}"/>
    <g transform="rotate(-35 214 226)">
      <rect x="160" y="204" width="108" height="44" rx="22" fill="${PAPER}"/>
      <path d="M214 204 h32 a22 22 0 0 1 0 44 h-32 z" fill="${ink}"/>
    </g>
    <circle cx="76" cy="240" r="26" fill="${PAPER}"/>
    <path d="M58 240 h36" stroke="${ink}" stroke-opacity=".35" stroke-width="5" stroke-linecap="round"/>`,
};

function pattern(variant: number): string {
  switch (variant % 3) {
    case 0:
      return `<pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="18" cy="18" r="3" fill="#fff" opacity=".16"/></pattern>`;
    case 1:
      return `<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="10" height="28" fill="#fff" opacity=".07"/></pattern>`;
    default:
      return `<pattern id="p" width="80" height="40" patternUnits="userSpaceOnUse"><path d="M0 20 q20 -14 40 0 t40 0" fill="none" stroke="#fff" stroke-width="3" opacity=".12"/></pattern>`;
  }
}

/** One category picture. `variant` is 0-based. */
export function categorySvg(categorySlug: string, variant: number): string {
  const palette = PALETTES[categorySlug] ?? PALETTES['restaurants']!;
  const [from, to] = palette[variant % palette.length]!;
  const glyph = (GLYPHS[categorySlug] ?? GLYPHS['restaurants']!)(to);
  // Where the illustration sits and how big it is, per variant.
  const layouts = [
    { x: 400, y: 300, scale: 1.25, blobX: 400, blobY: 300 },
    { x: 530, y: 310, scale: 1.2, blobX: 540, blobY: 300 },
    { x: 270, y: 300, scale: 1.2, blobX: 260, blobY: 310 },
  ] as const;
  const l = layouts[variant % layouts.length]!;
  const size = 300 * l.scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx=".25" cy=".2" r=".8">
      <stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="shade" cx=".5" cy=".5" r=".75">
      <stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/>
    </radialGradient>
    ${pattern(variant)}
  </defs>
  <rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/>
  <rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#p)"/>
  <circle cx="${variant === 1 ? 130 : 690}" cy="${variant === 2 ? 500 : 90}" r="170" fill="#fff" opacity=".08"/>
  <circle cx="${variant === 1 ? 60 : 760}" cy="${variant === 2 ? 560 : 40}" r="90" fill="#fff" opacity=".08"/>
  <circle cx="${l.blobX}" cy="${l.blobY}" r="${size * 0.62}" fill="#fff" opacity=".14"/>
  <circle cx="${l.blobX}" cy="${l.blobY}" r="${size * 0.5}" fill="#fff" opacity=".1"/>
  <g transform="translate(${l.x - size / 2} ${l.y - size / 2}) scale(${l.scale})">${glyph}
  </g>
  <rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#glow)"/>
  <rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#shade)"/>
</svg>
`;
}

interface MenuCard {
  title: string;
  subtitle: string;
  accent: string;
  items: readonly (readonly [string, number])[];
}

export const MENU_CARDS: Readonly<Record<string, MenuCard>> = {
  'south-indian': {
    title: 'Tiffin & Meals',
    subtitle: 'Served hot from 7 AM',
    accent: '#B45309',
    items: [['Idli Vada (2+1)', 60], ['Masala Dosa', 90], ['Rava Idli', 70], ['Set Dosa', 80], ['Ven Pongal', 70], ['Kesari Bath', 50], ['Mini Tiffin', 110], ['South Indian Meals', 150], ['Curd Rice', 80], ['Filter Coffee', 30]],
  },
  'north-indian': {
    title: 'Main Course',
    subtitle: 'From the tandoor & the handi',
    accent: '#B91C1C',
    items: [['Paneer Butter Masala', 260], ['Dal Makhani', 220], ['Chicken Tikka', 320], ['Butter Chicken', 340], ['Veg Dum Biryani', 240], ['Chicken Biryani', 300], ['Butter Naan', 60], ['Tandoori Roti', 35], ['Jeera Rice', 160], ['Gulab Jamun (2)', 90]],
  },
  chinese: {
    title: 'Indo-Chinese',
    subtitle: 'Wok-tossed, extra spicy on request',
    accent: '#C2410C',
    items: [['Sweet Corn Soup', 140], ['Veg Manchurian', 220], ['Chilli Paneer', 260], ['Chicken 65', 280], ['Spring Rolls', 180], ['Hakka Noodles', 200], ['Schezwan Fried Rice', 220], ['Dragon Chicken', 320], ['Gobi Manchurian', 210], ['Honey Chilli Potato', 190]],
  },
  cafe: {
    title: 'Coffee & Bites',
    subtitle: 'Brewed fresh, all day',
    accent: '#78350F',
    items: [['Filter Coffee', 60], ['Cappuccino', 160], ['Cold Coffee', 180], ['Masala Chai', 60], ['Iced Lemon Tea', 140], ['Bun Maska', 70], ['Grilled Sandwich', 150], ['Butter Croissant', 140], ['Masala Omelette', 120], ['Walnut Brownie', 120]],
  },
  bakery: {
    title: 'Bakes & Sweets',
    subtitle: 'Baked every morning',
    accent: '#BE185D',
    items: [['Black Forest Cake', 450], ['Plum Cake', 220], ['Honey Cake', 40], ['Veg Puff', 30], ['Khara Bun', 35], ['Truffle Pastry', 90], ['Rasmalai (2)', 120], ['Kaju Katli', 320], ['Motichoor Laddu', 180], ['Dil Pasand', 45]],
  },
  bar: {
    title: 'Bar & Grill',
    subtitle: 'Happy hours 3 PM – 6 PM',
    accent: '#92400E',
    items: [['Draught Beer', 250], ['Pitcher (1.5 L)', 950], ['Classic Mojito', 350], ['Kokum Cooler', 180], ['Masala Peanuts', 180], ['Paneer Tikka', 340], ['Chilli Chicken', 380], ['Fish Fingers', 420], ['Loaded Nachos', 300], ['Keema Pav', 320]],
  },
};

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function menuSvg(kind: string): string {
  const card = MENU_CARDS[kind];
  if (!card) throw new Error(`Unknown menu card ${kind}`);
  const serif = "Georgia, 'Times New Roman', serif";
  const sans = "'Helvetica Neue', Arial, sans-serif";
  const half = Math.ceil(card.items.length / 2);
  const columns = [card.items.slice(0, half), card.items.slice(half)];
  const rows = columns
    .map((items, c) => {
      const x0 = c === 0 ? 76 : 436;
      const x1 = x0 + 288;
      return items
        .map(([name, price], i) => {
          const y = 250 + i * 58;
          return `<text x="${x0}" y="${y}" font-family="${sans}" font-size="20" fill="#3F2A1D">${escapeXml(name)}</text>
    <text x="${x1}" y="${y}" font-family="${sans}" font-size="20" font-weight="700" fill="${card.accent}" text-anchor="end">₹${price}</text>
    <path d="M${x0} ${y + 14} H${x1}" stroke="#3F2A1D" stroke-opacity=".18" stroke-width="2" stroke-dasharray="2 6"/>`;
        })
        .join('\n    ');
    })
    .join('\n    ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}">
  <defs>
    <pattern id="paper" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="1.2" fill="#B45309" opacity=".08"/></pattern>
  </defs>
  <rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="#FFF6E5"/>
  <rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#paper)"/>
  <rect x="24" y="24" width="752" height="552" rx="14" fill="none" stroke="${card.accent}" stroke-width="4"/>
  <rect x="36" y="36" width="728" height="528" rx="8" fill="none" stroke="${card.accent}" stroke-opacity=".45" stroke-width="1.5"/>
  <text x="400" y="118" font-family="${serif}" font-size="54" font-weight="700" fill="${card.accent}" text-anchor="middle">${escapeXml(card.title)}</text>
  <text x="400" y="160" font-family="${serif}" font-size="22" font-style="italic" fill="#6B4F3A" text-anchor="middle">${escapeXml(card.subtitle)}</text>
  <path d="M250 192 H370 M430 192 H550" stroke="${card.accent}" stroke-width="2"/>
  <path d="M400 182 l10 10 l-10 10 l-10 -10 z" fill="${card.accent}"/>
  <path d="M400 208 V540" stroke="${card.accent}" stroke-opacity=".15" stroke-width="2"/>
    ${rows}
</svg>
`;
}

export interface SeedImage {
  key: string;
  svg: string;
}

/** Every generated image: 3 per category plus the menu cards. */
export function allSeedImages(): SeedImage[] {
  const out: SeedImage[] = [];
  for (const c of CATEGORIES) {
    for (let v = 0; v < VARIANTS_PER_CATEGORY; v++) {
      out.push({ key: categoryImageKey(c.slug, v + 1), svg: categorySvg(c.slug, v) });
    }
  }
  for (const kind of Object.keys(MENU_CARDS)) out.push({ key: menuImageKey(kind), svg: menuSvg(kind) });
  return out;
}
