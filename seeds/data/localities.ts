/**
 * Demo geography: real neighbourhoods (approximate centres, their postal PIN codes) within ~10 km of
 * each city's centre in `cities.ts`, and street names for address line one.
 */
export interface Locality {
  name: string;
  latitude: number;
  longitude: number;
  pincode: string;
}

export interface CityGeo {
  /** How many demo outlets the city gets. */
  outlets: number;
  localities: readonly Locality[];
  streets: readonly string[];
  /** Landline / mobile prefixes that look local. */
  phonePrefixes: readonly string[];
}

const L = (name: string, latitude: number, longitude: number, pincode: string): Locality => ({
  name,
  latitude,
  longitude,
  pincode,
});

export const CITY_GEO: Readonly<Record<string, CityGeo>> = {
  bengaluru: {
    outlets: 52,
    localities: [
      L('Indiranagar', 12.9784, 77.6408, '560038'),
      L('Koramangala', 12.9352, 77.6245, '560034'),
      L('HSR Layout', 12.9116, 77.6474, '560102'),
      L('Jayanagar', 12.9299, 77.5826, '560041'),
      L('JP Nagar', 12.9063, 77.5857, '560078'),
      L('Malleshwaram', 13.0035, 77.571, '560003'),
      L('MG Road', 12.9755, 77.6068, '560001'),
      L('BTM Layout', 12.9166, 77.6101, '560076'),
      L('Basavanagudi', 12.9406, 77.5738, '560004'),
      L('Rajajinagar', 12.9911, 77.5543, '560010'),
      L('Banashankari', 12.9255, 77.5468, '560070'),
      L('Frazer Town', 12.9987, 77.6146, '560005'),
      L('Sadashivanagar', 13.0068, 77.5813, '560080'),
      L('Hebbal', 13.0358, 77.597, '560024'),
    ],
    streets: ['100 Feet Road', '80 Feet Road', 'CMH Road', 'Dr. Rajkumar Road', 'Sampige Road', 'DVG Road', 'Outer Ring Road', 'Church Street', '27th Main Road', 'Sarjapur Road'],
    phonePrefixes: ['98450', '99000', '80880', '97411', '96320'],
  },
  mumbai: {
    outlets: 44,
    localities: [
      L('Bandra West', 19.0596, 72.8295, '400050'),
      L('Andheri East', 19.1136, 72.8697, '400069'),
      L('Andheri West', 19.1364, 72.8296, '400058'),
      L('Juhu', 19.1075, 72.8263, '400049'),
      L('Powai', 19.1176, 72.906, '400076'),
      L('Khar West', 19.0728, 72.8347, '400052'),
      L('Santacruz West', 19.0806, 72.8361, '400054'),
      L('Chembur', 19.0522, 72.9005, '400071'),
      L('Ghatkopar East', 19.079, 72.908, '400077'),
      L('Dadar West', 19.0178, 72.8478, '400028'),
      L('Vile Parle East', 19.099, 72.85, '400057'),
      L('Kurla West', 19.0726, 72.8845, '400070'),
      L('Goregaon East', 19.1663, 72.8526, '400063'),
      L('Lower Parel', 18.9982, 72.8311, '400013'),
    ],
    streets: ['Linking Road', 'Hill Road', 'S.V. Road', 'Turner Road', 'Carter Road', 'Station Road', 'Hiranandani Gardens', 'Senapati Bapat Marg', 'M.G. Road', 'Juhu Tara Road'],
    phonePrefixes: ['98200', '98190', '99300', '70450', '90040'],
  },
  delhi: {
    outlets: 42,
    localities: [
      L('Connaught Place', 28.6315, 77.2167, '110001'),
      L('Hauz Khas', 28.5494, 77.2001, '110016'),
      L('Khan Market', 28.6003, 77.227, '110003'),
      L('Lajpat Nagar', 28.5677, 77.2433, '110024'),
      L('Greater Kailash I', 28.549, 77.234, '110048'),
      L('Karol Bagh', 28.6519, 77.1909, '110005'),
      L('Chandni Chowk', 28.6506, 77.2303, '110006'),
      L('Rajouri Garden', 28.6492, 77.1226, '110027'),
      L('Saket', 28.5245, 77.2066, '110017'),
      L('Defence Colony', 28.5741, 77.232, '110024'),
      L('Vasant Vihar', 28.5603, 77.1603, '110057'),
      L('Green Park', 28.559, 77.2066, '110016'),
      L('Kamla Nagar', 28.6814, 77.2045, '110007'),
    ],
    streets: ['Outer Circle', 'Janpath', 'Aurobindo Marg', 'Ring Road', 'Ajmal Khan Road', 'Main Market Road', 'Nehru Place Road', 'Press Enclave Marg', 'Chandni Chowk Road', 'Lodhi Road'],
    phonePrefixes: ['98110', '98100', '99990', '88260', '96500'],
  },
  hyderabad: {
    outlets: 28,
    localities: [
      L('Banjara Hills', 17.4156, 78.4347, '500034'),
      L('Jubilee Hills', 17.4325, 78.4073, '500033'),
      L('Begumpet', 17.4447, 78.4664, '500016'),
      L('Ameerpet', 17.4375, 78.4483, '500016'),
      L('Himayatnagar', 17.4, 78.487, '500029'),
      L('Abids', 17.3916, 78.476, '500001'),
      L('Secunderabad', 17.4399, 78.4983, '500003'),
      L('Somajiguda', 17.4239, 78.459, '500082'),
      L('Charminar', 17.3616, 78.4747, '500002'),
      L('Dilsukhnagar', 17.3688, 78.5247, '500060'),
      L('Tarnaka', 17.4281, 78.5395, '500017'),
    ],
    streets: ['Road No. 12', 'Road No. 36', 'Road No. 1', 'Sardar Patel Road', 'Tank Bund Road', 'Nizam Road', 'Raj Bhavan Road', 'Main Road', 'Patny Centre Road', 'Street No. 8'],
    phonePrefixes: ['98490', '99890', '90000', '96660', '70320'],
  },
  pune: {
    outlets: 24,
    localities: [
      L('Koregaon Park', 18.5362, 73.894, '411001'),
      L('Kalyani Nagar', 18.5463, 73.9033, '411006'),
      L('Viman Nagar', 18.5679, 73.9143, '411014'),
      L('Baner', 18.559, 73.7868, '411045'),
      L('Aundh', 18.558, 73.8075, '411007'),
      L('Kothrud', 18.5074, 73.8077, '411038'),
      L('Deccan Gymkhana', 18.5158, 73.8415, '411004'),
      L('Shivajinagar', 18.5308, 73.8475, '411005'),
      L('Camp', 18.5144, 73.8797, '411001'),
      L('Sadashiv Peth', 18.5114, 73.8514, '411030'),
      L('Magarpatta', 18.5158, 73.9272, '411013'),
    ],
    streets: ['FC Road', 'JM Road', 'North Main Road', 'M.G. Road', 'Baner Road', 'Karve Road', 'Laxmi Road', 'Nagar Road', 'ITI Road', 'East Street'],
    phonePrefixes: ['98220', '98230', '97640', '90110', '88050'],
  },
  chennai: {
    outlets: 24,
    localities: [
      L('T. Nagar', 13.0418, 80.2341, '600017'),
      L('Mylapore', 13.0368, 80.2676, '600004'),
      L('Adyar', 13.0012, 80.2565, '600020'),
      L('Anna Nagar', 13.085, 80.2101, '600040'),
      L('Nungambakkam', 13.0569, 80.2425, '600034'),
      L('Besant Nagar', 13.0002, 80.2668, '600090'),
      L('Egmore', 13.0732, 80.2609, '600008'),
      L('Alwarpet', 13.0339, 80.2546, '600018'),
      L('Kilpauk', 13.0825, 80.2422, '600010'),
      L('Royapettah', 13.054, 80.264, '600014'),
      L('Guindy', 13.0067, 80.2206, '600032'),
    ],
    streets: ['Usman Road', 'Cathedral Road', '2nd Avenue', 'Greams Road', 'Pantheon Road', 'Luz Church Road', 'Lattice Bridge Road', 'Kodambakkam High Road', 'Royapettah High Road', 'Besant Avenue'],
    phonePrefixes: ['98400', '94440', '98410', '90030', '72000'],
  },
  kolkata: {
    outlets: 16,
    localities: [
      L('Park Street', 22.553, 88.352, '700016'),
      L('Salt Lake', 22.58, 88.416, '700091'),
      L('Ballygunge', 22.528, 88.365, '700019'),
      L('Gariahat', 22.518, 88.368, '700029'),
      L('New Market', 22.5602, 88.3506, '700087'),
      L('Camac Street', 22.5481, 88.3538, '700017'),
      L('Alipore', 22.5329, 88.3315, '700027'),
      L('Shyambazar', 22.602, 88.373, '700004'),
      L('Lake Town', 22.604, 88.401, '700089'),
      L('Tollygunge', 22.498, 88.345, '700033'),
    ],
    streets: ['Park Street', 'Rashbehari Avenue', 'Southern Avenue', 'Camac Street', 'Elgin Road', 'Lindsay Street', 'Hindustan Park', 'Bidhan Sarani', 'Shakespeare Sarani', 'Sarat Bose Road'],
    phonePrefixes: ['98300', '98310', '90070', '96740', '70440'],
  },
  ahmedabad: {
    outlets: 14,
    localities: [
      L('Navrangpura', 23.0365, 72.5611, '380009'),
      L('Satellite', 23.0268, 72.5242, '380015'),
      L('Vastrapur', 23.037, 72.529, '380015'),
      L('Bodakdev', 23.044, 72.507, '380054'),
      L('Prahlad Nagar', 23.012, 72.5108, '380015'),
      L('Maninagar', 22.996, 72.603, '380008'),
      L('Paldi', 23.012, 72.562, '380007'),
      L('Ellisbridge', 23.0225, 72.5665, '380006'),
      L('Thaltej', 23.05, 72.5, '380059'),
    ],
    streets: ['C.G. Road', 'Judges Bungalow Road', 'Drive-In Road', 'Ashram Road', 'Law Garden Road', 'Satellite Road', 'University Road', 'Panchvati Road', 'Stadium Road', 'Jodhpur Cross Road'],
    phonePrefixes: ['98250', '99250', '97240', '90990', '79840'],
  },
};

/** Landmarks sprinkled over the demo outlets. */
export const LANDMARKS: readonly string[] = [
  'Near Metro Station',
  'Opposite Post Office',
  'Next to SBI ATM',
  'Beside Ganesh Temple',
  'Above HDFC Bank',
  'Near Bus Stop',
  'Opposite Big Bazaar',
  'Near Police Station',
  'Behind Municipal Market',
  'Next to Petrol Bunk',
  'Opposite City Hospital',
  'Near Water Tank',
];
