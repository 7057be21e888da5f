/** The demo install's taxonomy and places. Real city coordinates so maps and distances make sense. */

export const DEMO_PARAMETERS = [
  { name: 'Bedrooms', typeOfParameter: 'number', typeValues: [] },
  { name: 'Bathrooms', typeOfParameter: 'number', typeValues: [] },
  { name: 'Area (sq ft)', typeOfParameter: 'number', typeValues: [] },
  { name: 'Furnished', typeOfParameter: 'dropdown', typeValues: ['Furnished', 'Semi-furnished', 'Unfurnished'] },
  { name: 'Parking', typeOfParameter: 'checkbox', typeValues: ['Covered', 'Open', 'Garage'] },
  { name: 'Floor', typeOfParameter: 'number', typeValues: [] },
  { name: 'Facing', typeOfParameter: 'radiobutton', typeValues: ['North', 'East', 'South', 'West'] },
  { name: 'Plot size (sq ft)', typeOfParameter: 'number', typeValues: [] },
] as const;

type ParameterName = (typeof DEMO_PARAMETERS)[number]['name'];

export const DEMO_CATEGORIES: { name: string; parameters: ParameterName[]; hasBedrooms: boolean }[] = [
  {
    name: 'Apartment',
    parameters: ['Bedrooms', 'Bathrooms', 'Area (sq ft)', 'Furnished', 'Parking', 'Floor'],
    hasBedrooms: true,
  },
  {
    name: 'Villa',
    parameters: ['Bedrooms', 'Bathrooms', 'Area (sq ft)', 'Furnished', 'Parking', 'Facing'],
    hasBedrooms: true,
  },
  { name: 'House', parameters: ['Bedrooms', 'Bathrooms', 'Area (sq ft)', 'Furnished', 'Parking'], hasBedrooms: true },
  { name: 'Penthouse', parameters: ['Bedrooms', 'Bathrooms', 'Area (sq ft)', 'Furnished', 'Floor'], hasBedrooms: true },
  { name: 'Studio', parameters: ['Bathrooms', 'Area (sq ft)', 'Furnished', 'Floor'], hasBedrooms: false },
  { name: 'Duplex', parameters: ['Bedrooms', 'Bathrooms', 'Area (sq ft)', 'Furnished', 'Parking'], hasBedrooms: true },
  { name: 'Townhouse', parameters: ['Bedrooms', 'Bathrooms', 'Area (sq ft)', 'Parking', 'Facing'], hasBedrooms: true },
  { name: 'Farmhouse', parameters: ['Bedrooms', 'Bathrooms', 'Plot size (sq ft)', 'Facing'], hasBedrooms: true },
  { name: 'Office', parameters: ['Area (sq ft)', 'Furnished', 'Parking', 'Floor'], hasBedrooms: false },
  { name: 'Shop', parameters: ['Area (sq ft)', 'Parking', 'Floor'], hasBedrooms: false },
  { name: 'Warehouse', parameters: ['Area (sq ft)', 'Parking'], hasBedrooms: false },
  { name: 'Land', parameters: ['Plot size (sq ft)', 'Facing'], hasBedrooms: false },
];

export const DEMO_FACILITIES = [
  'Hospital',
  'School',
  'Metro station',
  'Bus stop',
  'Shopping mall',
  'Park',
  'Airport',
  'Beach',
  'Gym',
  'Bank',
  'Pharmacy',
  'Restaurant',
];

export const DEMO_CITIES: { name: string; state: string; country: string; latitude: number; longitude: number }[] = [
  { name: 'Lisbon', state: 'Lisbon', country: 'Portugal', latitude: 38.7223, longitude: -9.1393 },
  { name: 'Porto', state: 'Porto', country: 'Portugal', latitude: 41.1579, longitude: -8.6291 },
  { name: 'Madrid', state: 'Community of Madrid', country: 'Spain', latitude: 40.4168, longitude: -3.7038 },
  { name: 'Barcelona', state: 'Catalonia', country: 'Spain', latitude: 41.3874, longitude: 2.1686 },
  { name: 'London', state: 'England', country: 'United Kingdom', latitude: 51.5072, longitude: -0.1276 },
  { name: 'Manchester', state: 'England', country: 'United Kingdom', latitude: 53.4808, longitude: -2.2426 },
  { name: 'Berlin', state: 'Berlin', country: 'Germany', latitude: 52.52, longitude: 13.405 },
  { name: 'Munich', state: 'Bavaria', country: 'Germany', latitude: 48.1351, longitude: 11.582 },
  { name: 'New York', state: 'New York', country: 'United States', latitude: 40.7128, longitude: -74.006 },
  { name: 'Austin', state: 'Texas', country: 'United States', latitude: 30.2672, longitude: -97.7431 },
  { name: 'Miami', state: 'Florida', country: 'United States', latitude: 25.7617, longitude: -80.1918 },
  { name: 'Toronto', state: 'Ontario', country: 'Canada', latitude: 43.6532, longitude: -79.3832 },
  { name: 'Dubai', state: 'Dubai', country: 'United Arab Emirates', latitude: 25.2048, longitude: 55.2708 },
  { name: 'Abu Dhabi', state: 'Abu Dhabi', country: 'United Arab Emirates', latitude: 24.4539, longitude: 54.3773 },
  { name: 'Riyadh', state: 'Riyadh Province', country: 'Saudi Arabia', latitude: 24.7136, longitude: 46.6753 },
  { name: 'Cairo', state: 'Cairo Governorate', country: 'Egypt', latitude: 30.0444, longitude: 31.2357 },
  { name: 'Mumbai', state: 'Maharashtra', country: 'India', latitude: 19.076, longitude: 72.8777 },
  { name: 'Bengaluru', state: 'Karnataka', country: 'India', latitude: 12.9716, longitude: 77.5946 },
  { name: 'Delhi', state: 'Delhi', country: 'India', latitude: 28.7041, longitude: 77.1025 },
  { name: 'Lagos', state: 'Lagos', country: 'Nigeria', latitude: 6.5244, longitude: 3.3792 },
  { name: 'Nairobi', state: 'Nairobi County', country: 'Kenya', latitude: -1.2921, longitude: 36.8219 },
  { name: 'Cape Town', state: 'Western Cape', country: 'South Africa', latitude: -33.9249, longitude: 18.4241 },
  { name: 'Sydney', state: 'New South Wales', country: 'Australia', latitude: -33.8688, longitude: 151.2093 },
  { name: 'Tokyo', state: 'Tokyo', country: 'Japan', latitude: 35.6762, longitude: 139.6503 },
  { name: 'São Paulo', state: 'São Paulo', country: 'Brazil', latitude: -23.5505, longitude: -46.6333 },
];

export const DEMO_REPORT_REASONS = [
  'Wrong price or details',
  'Already sold or rented',
  'Duplicate listing',
  'Misleading photos',
  'Suspected fraud',
  'Offensive content',
];

export const DEMO_FAQS: { question: string; answer: string }[] = [
  {
    question: 'How do I list a property?',
    answer:
      'Create an account, complete your profile, then choose "Add property". Listings are published after an admin review.',
  },
  {
    question: 'Is browsing free?',
    answer: 'Yes. Anyone can browse properties, projects, agents and articles without an account.',
  },
  {
    question: 'How do I contact an owner or agent?',
    answer: 'Open the listing and start a chat, or use the contact details on the agent card.',
  },
  {
    question: 'What does "featured" mean?',
    answer: 'Featured listings appear in highlighted sections of the site for the period of the feature.',
  },
  {
    question: 'How do I become a verified agent?',
    answer:
      'Apply through the agent verification form. An admin reviews your documents and you get a verified badge when approved.',
  },
  {
    question: 'Can I rent a property by the day?',
    answer: 'Yes. Owners choose daily, monthly, quarterly or yearly rent; the price shows the period.',
  },
  {
    question: 'Which payment methods are accepted?',
    answer: 'The methods enabled by the site admin, including bank transfer with a receipt upload.',
  },
  {
    question: 'How do I report a suspicious listing?',
    answer: 'Use "Report" on the listing page and pick a reason. Admins review every report.',
  },
  {
    question: 'Can I save listings for later?',
    answer: 'Yes. Sign in and tap the heart on any listing to add it to your favourites.',
  },
  {
    question: 'How do I delete my account?',
    answer: 'Go to your profile and choose "Delete account". Your listings and messages are removed after you confirm.',
  },
];
