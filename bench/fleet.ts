/**
 * A deterministic, Polish-looking fleet: customers, categories and machines for the benchmark.
 * Only plain data here; generate.ts writes it.
 */
import { MACHINE_STATUSES, PROVINCES } from '@serwis/domain';

/** mulberry32: small, fast and seedable, so two runs build the same fleet. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]) => list[Math.floor(rng() * list.length)];
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** City, province and the first two digits of its zip codes. */
const CITIES: [string, (typeof PROVINCES)[number], string][] = [
  ['Warszawa', 'mazowieckie', '00'],
  ['Radom', 'mazowieckie', '26'],
  ['Płock', 'mazowieckie', '09'],
  ['Kraków', 'małopolskie', '31'],
  ['Tarnów', 'małopolskie', '33'],
  ['Łódź', 'łódzkie', '90'],
  ['Piotrków Trybunalski', 'łódzkie', '97'],
  ['Wrocław', 'dolnośląskie', '50'],
  ['Wałbrzych', 'dolnośląskie', '58'],
  ['Poznań', 'wielkopolskie', '60'],
  ['Kalisz', 'wielkopolskie', '62'],
  ['Gdańsk', 'pomorskie', '80'],
  ['Gdynia', 'pomorskie', '81'],
  ['Szczecin', 'zachodniopomorskie', '70'],
  ['Koszalin', 'zachodniopomorskie', '75'],
  ['Bydgoszcz', 'kujawsko-pomorskie', '85'],
  ['Toruń', 'kujawsko-pomorskie', '87'],
  ['Lublin', 'lubelskie', '20'],
  ['Zamość', 'lubelskie', '22'],
  ['Katowice', 'śląskie', '40'],
  ['Gliwice', 'śląskie', '44'],
  ['Bielsko-Biała', 'śląskie', '43'],
  ['Częstochowa', 'śląskie', '42'],
  ['Białystok', 'podlaskie', '15'],
  ['Suwałki', 'podlaskie', '16'],
  ['Rzeszów', 'podkarpackie', '35'],
  ['Przemyśl', 'podkarpackie', '37'],
  ['Kielce', 'świętokrzyskie', '25'],
  ['Olsztyn', 'warmińsko-mazurskie', '10'],
  ['Elbląg', 'warmińsko-mazurskie', '82'],
  ['Opole', 'opolskie', '45'],
  ['Zielona Góra', 'lubuskie', '65'],
  ['Gorzów Wielkopolski', 'lubuskie', '66'],
];

const STREETS = [
  'Przemysłowa',
  'Fabryczna',
  'Długa',
  'Krótka',
  'Polna',
  'Leśna',
  'Słoneczna',
  'Kościuszki',
  'Mickiewicza',
  'Żeromskiego',
  'Składowa',
  'Hutnicza',
  'Kolejowa',
  'Łąkowa',
  'Ogrodowa',
  'Warszawska',
  'Krakowska',
  'Spółdzielcza',
];
const SURNAMES = [
  'Nowak',
  'Kowalski',
  'Wiśniewski',
  'Wójcik',
  'Kowalczyk',
  'Kamiński',
  'Lewandowski',
  'Zieliński',
  'Szymański',
  'Woźniak',
  'Dąbrowski',
  'Kozłowski',
  'Jankowski',
  'Mazur',
  'Krawczyk',
  'Piotrowski',
  'Grabowski',
  'Nowakowski',
  'Pawłowski',
  'Michalski',
  'Król',
  'Wieczorek',
  'Jabłoński',
  'Wróbel',
  'Majewski',
  'Olszewski',
  'Stępień',
  'Małecki',
];
const FORMS = [
  'PPHU',
  'ZPH',
  'Zakład Mechaniczny',
  'Stolarnia',
  'Metal-Serwis',
  'Przetwórstwo',
  'Odlewnia',
  'Kuźnia',
];
const LEGAL = ['Sp. z o.o.', 'S.A.', 's.c.', 'Sp. j.', ''];
const MACHINE_KINDS = [
  'Tokarka',
  'Frezarka',
  'Prasa krawędziowa',
  'Wycinarka laserowa',
  'Szlifierka',
  'Wiertarka kolumnowa',
  'Piła taśmowa',
  'Giętarka',
  'Spawarka',
  'Wtryskarka',
  'Sprężarka',
  'Centrum obróbcze',
  'Gilotyna',
  'Walcarka',
];
const MODELS = [
  'CNC',
  'uniwersalna',
  'hydrauliczna',
  'pneumatyczna',
  'automatyczna',
  '5-osiowa',
  'ręczna',
  'XL',
];
const POWERS = ['230V', '400V', '5,5kW', '7,5kW', '11kW', '15kW', '22kW', '37kW'];
const WARRANTIES = ['', 'pełna', 'ograniczona', 'door-to-door', 'na części', 'rozszerzona'];
const WARRANTY_MONTHS = [0, 6, 12, 12, 24, 24, 24, 36, 48, 60];
/** Mostly running machines, a tail of trouble: roughly how a service company's register looks. */
const STATUS_SHARE: Record<string, number> = {
  PRODUCTION: 4,
  TRANSPORT: 2,
  INSTALLATION: 3,
  OK: 70,
  IN_REPAIR: 8,
  FAULT: 6,
  BROKEN: 5,
  DANGER: 2,
};
const STATUS_TABLE = MACHINE_STATUSES.flatMap((s) => Array<typeof s>(STATUS_SHARE[s.name]).fill(s));

/** The category of each kind of machine (same order as MACHINE_KINDS). */
const KIND_CATEGORIES = [
  'Tokarki',
  'Frezarki',
  'Prasy krawędziowe',
  'Wycinarki laserowe',
  'Szlifierki',
  'Wiertarki',
  'Piły taśmowe',
  'Giętarki',
  'Spawarki',
  'Wtryskarki',
  'Sprężarki',
  'Centra obróbcze',
  'Gilotyny',
  'Walcarki',
];

/** The first categories name the kinds; beyond them, sub-groups ("Tokarki – grupa 2"). */
export function categoryNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const base = KIND_CATEGORIES[i % KIND_CATEGORIES.length];
    return i < KIND_CATEGORIES.length
      ? base
      : `${base} – grupa ${Math.floor(i / KIND_CATEGORIES.length) + 1}`;
  });
}

export function makeCustomer(rng: Rng, index: number) {
  const [city, province, zip] = pick(rng, CITIES);
  const surname = pick(rng, SURNAMES);
  const form = pick(rng, FORMS);
  return {
    // short names are unique: the number keeps thousands of "PPHU Nowak" apart
    shortName: `${form} ${surname} ${index + 1}`.slice(0, 100),
    fullName:
      `${form} ${surname} ${pick(rng, ['Jan', 'Anna', 'Piotr', 'Ewa', 'Marek'])} ${pick(rng, LEGAL)}`.trim(),
    streetAddress: `${pick(rng, STREETS)} ${1 + Math.floor(rng() * 150)}`,
    zipCode: `${zip}-${pad(Math.floor(rng() * 1000), 3)}`,
    city,
    province,
    nip: pad(Math.floor(rng() * 1e10), 10),
    regon: pad(Math.floor(rng() * 1e9), 9),
    phoneNumber: `+48 ${pad(500 + Math.floor(rng() * 300), 3)} ${pad(Math.floor(rng() * 1e6), 6)}`,
    email: `biuro${index + 1}@${surname.toLowerCase().replace(/[^a-z]/g, '')}.pl`,
  };
}

export interface FleetCustomer {
  id: number;
  city: string;
  province: string;
  zipCode: string;
  streetAddress: string;
}

const TEN_YEARS_DAYS = 3652;
const DAY_MS = 86_400_000;

export function makeDevice(
  rng: Rng,
  index: number,
  customer: FleetCustomer,
  categoryIds: number[],
  today: Date,
) {
  const status = pick(rng, STATUS_TABLE);
  const kind = pick(rng, MACHINE_KINDS);
  // Not handed over yet: about 5 %, more of them in production and transport.
  const handedOver = status.weight > 2 ? rng() > 0.02 : rng() > 0.6;
  const transferDate = handedOver
    ? new Date(today.getTime() - Math.floor(rng() * TEN_YEARS_DAYS) * DAY_MS).toISOString().slice(0, 10)
    : null;
  // Most machines stand at the customer's address; some elsewhere (a branch, a construction site).
  const atCustomer = rng() < 0.8;
  const [city, province, zip] = atCustomer
    ? [customer.city, customer.province, customer.zipCode.slice(0, 2)]
    : pick(rng, CITIES);
  const hasGps = rng() < 0.3;
  // Machines of one kind share the kind's category or one of its sub-groups.
  const kindIndex = MACHINE_KINDS.indexOf(kind);
  const groups = categoryIds.filter((_, i) => i % KIND_CATEGORIES.length === kindIndex);
  return {
    type: rng() < 0.75 ? 'INTERNAL' : 'EXTERNAL',
    name: `${kind} ${pick(rng, MODELS)}`,
    categoryId: groups.length ? pick(rng, groups) : pick(rng, categoryIds),
    customerId: customer.id,
    serialNumber: `${kind.slice(0, 2).toUpperCase()}-${transferDate?.slice(0, 4) ?? 'XXXX'}-${pad(index + 1, 6)}`,
    sourcePower: pick(rng, POWERS),
    transferDate,
    warrantyLength: pick(rng, WARRANTY_MONTHS),
    warranty: pick(rng, WARRANTIES),
    streetAddress: atCustomer
      ? customer.streetAddress
      : `${pick(rng, STREETS)} ${1 + Math.floor(rng() * 150)}`,
    zipCode: atCustomer ? customer.zipCode : `${zip}-${pad(Math.floor(rng() * 1000), 3)}`,
    city,
    province,
    status: status.name,
    statusWeight: status.weight,
    gpsLatitude: hasGps ? 49 + rng() * 5.8 : null,
    gpsLongitude: hasGps ? 14.2 + rng() * 9.8 : null,
    isPeriodicInspectionEnabled: rng() < 0.9,
  };
}
