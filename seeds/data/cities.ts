/** Reference cities (upserted by slug): real centre coordinates. */
export interface CitySeed {
  slug: string;
  name: string;
  /** The Hindi name (docs/i18n.md). */
  nameHi: string;
  state: string;
  latitude: number;
  longitude: number;
  sortOrder: number;
}

export const CITIES: readonly CitySeed[] = [
  { slug: 'bengaluru', name: 'Bengaluru', nameHi: 'बेंगलुरु', state: 'Karnataka', latitude: 12.9716, longitude: 77.5946, sortOrder: 10 },
  { slug: 'mumbai', name: 'Mumbai', nameHi: 'मुंबई', state: 'Maharashtra', latitude: 19.076, longitude: 72.8777, sortOrder: 20 },
  { slug: 'delhi', name: 'Delhi', nameHi: 'दिल्ली', state: 'Delhi', latitude: 28.6139, longitude: 77.209, sortOrder: 30 },
  { slug: 'hyderabad', name: 'Hyderabad', nameHi: 'हैदराबाद', state: 'Telangana', latitude: 17.385, longitude: 78.4867, sortOrder: 40 },
  { slug: 'pune', name: 'Pune', nameHi: 'पुणे', state: 'Maharashtra', latitude: 18.5204, longitude: 73.8567, sortOrder: 50 },
  { slug: 'chennai', name: 'Chennai', nameHi: 'चेन्नई', state: 'Tamil Nadu', latitude: 13.0827, longitude: 80.2707, sortOrder: 60 },
  { slug: 'kolkata', name: 'Kolkata', nameHi: 'कोलकाता', state: 'West Bengal', latitude: 22.5726, longitude: 88.3639, sortOrder: 70 },
  { slug: 'ahmedabad', name: 'Ahmedabad', nameHi: 'अहमदाबाद', state: 'Gujarat', latitude: 23.0225, longitude: 72.5714, sortOrder: 80 },
];
