/**
 * Deterministic service events (protocols) over the generated fleet, in date order and numbered per
 * year like the application numbers them. Only plain data here; write-services.ts stores it.
 */
import type { Rng } from './fleet.js';

/** What an event needs to know of a machine. */
export interface FleetMachine {
  id: number;
  customerId: number;
  internal: boolean;
  /** Handover as days since 1970-01-01 (UTC); null when not handed over. */
  transferDay: number | null;
  warrantyLength: number;
}

export interface ServiceEventRow {
  id: number;
  date: string;
  number: number;
  numberExtension: string;
  month: number;
  year: number;
  paymentType: string;
  types: string[];
  customerId: number;
  isToSign: boolean;
  faultDescription: string;
  period: number;
  state: string;
  userCreatedId: number;
  hasInternal: boolean;
  hasExternal: boolean;
  createdAt: string;
  deviceIds: number[];
}

const DAY_MS = 86_400_000;
const pick = <T>(rng: Rng, list: readonly T[]) => list[Math.floor(rng() * list.length)];

export const dayOf = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `day` plus whole months, a month end clamped like PostgreSQL's `date + interval 'n months'`. */
function addMonths(day: number, months: number) {
  const d = new Date(day * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastOfTarget = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(y, m, Math.min(d.getUTCDate(), lastOfTarget)) / DAY_MS);
}

/** Kinds of event; the first is a periodic inspection, the shares add up to 1. */
const KINDS: { share: number; types: string[] }[] = [
  { share: 0.285, types: ['PRZEGLAD_OKRESOWY'] },
  { share: 0.015, types: ['PRZEGLAD_OKRESOWY', 'NAPRAWA'] },
  { share: 0.45, types: ['NAPRAWA'] },
  { share: 0.08, types: ['SZKOLENIE_OPERATOROW'] },
  { share: 0.06, types: ['INSTALACJA'] },
  { share: 0.04, types: ['INSTALACJA', 'SZKOLENIE_OPERATOROW'] },
  { share: 0.035, types: ['PROTOKOL_PRZEDMONTAZOWY'] },
  { share: 0.035, types: ['MONTAZ'] },
];
const isInspectionKind = (kind: number) => kind <= 1;
const isRepairKind = (kind: number) => kind === 2;

function pickKind(rng: Rng) {
  let r = rng();
  for (let k = 0; k < KINDS.length; k++) {
    r -= KINDS[k].share;
    if (r < 0) return k;
  }
  return 2;
}

const SYMPTOMS = [
  'Wyciek oleju z układu hydraulicznego',
  'Hałas łożysk wrzeciona',
  'Nie działa chłodziwo',
  'Przegrzewa się silnik główny',
  'Zacina się uchwyt narzędziowy',
  'Brak ciśnienia w instalacji pneumatycznej',
  'Pęknięty pas napędowy',
  'Luz na prowadnicach osi Z',
  'Maszyna nie startuje po wyłączeniu awaryjnym',
  'Uszkodzona kurtyna świetlna',
  'Drgania przy wysokich obrotach',
  'Nieszczelny siłownik docisku',
  'Wyświetlacz panelu operatora gaśnie',
  'Niedokładne pozycjonowanie osi X',
  'Zużyte szczęki imadła',
];
const ACTIONS = [
  'Wymieniono uszczelnienia',
  'Wymieniono łożyska',
  'Wyregulowano luzy',
  'Wymieniono czujnik',
  'Zaktualizowano oprogramowanie sterownika',
  'Oczyszczono i nasmarowano prowadnice',
  'Wymieniono przewód zasilający',
  'Zamówiono części, naprawa w kolejnej wizycie',
  'Wymieniono filtr oleju',
  'Skalibrowano osie',
];
const CHECKS = [
  'kontrola luzów i smarowania',
  'wymiana filtrów',
  'sprawdzenie zabezpieczeń BHP',
  'pomiar geometrii',
  'kontrola instalacji elektrycznej',
  'wymiana oleju hydraulicznego',
];

function faultDescription(rng: Rng, kind: number, period: number): string {
  // Many protocols leave the description empty.
  if (rng() < 0.1) return '';
  if (isInspectionKind(kind)) {
    const first = Math.floor(rng() * CHECKS.length);
    const second = (first + 1 + Math.floor(rng() * (CHECKS.length - 1))) % CHECKS.length;
    const base = `Przegląd okresowy po ${period} mies.: ${CHECKS[first]}, ${CHECKS[second]}`;
    return kind === 1 ? `${base}. ${pick(rng, SYMPTOMS)}. ${pick(rng, ACTIONS)}.` : `${base}.`;
  }
  if (isRepairKind(kind)) {
    const code = rng() < 0.3 ? ` (błąd E${10 + Math.floor(rng() * 90)})` : '';
    return `${pick(rng, SYMPTOMS)}${code}. ${pick(rng, ACTIONS)}.`;
  }
  const people = 1 + Math.floor(rng() * 8);
  const texts = [
    `Szkolenie operatorów (${people} os.) z obsługi i zasad BHP.`,
    'Instalacja i pierwsze uruchomienie maszyny, próby na biegu jałowym.',
    `Instalacja, poziomowanie i szkolenie ${people} operatorów.`,
    'Sprawdzenie fundamentu i przyłączy przed montażem.',
    'Montaż maszyny na miejscu pracy, podłączenie zasilania.',
  ];
  return texts[Math.min(kind - 3, texts.length - 1)];
}

/** Recent protocols are often still open; old ones are nearly all signed. */
function pickState(rng: Rng, ageDays: number) {
  const r = rng();
  if (ageDays < 60) {
    if (r < 0.45) return 'PODPISANY';
    if (r < 0.75) return 'UTWORZONY';
    if (r < 0.92) return 'DODAJ_SKAN';
    return 'ODRZUCONY';
  }
  if (r < 0.935) return 'PODPISANY';
  if (r < 0.95) return 'UTWORZONY';
  if (r < 0.96) return 'DODAJ_SKAN';
  return 'ODRZUCONY';
}

function pickPayment(rng: Rng, inWarranty: boolean) {
  const r = rng();
  if (inWarranty) return r < 0.75 ? 'GWARANCYJNA' : r < 0.9 ? 'DO_DECYZJI_GWARANTA' : 'PLATNA';
  return r < 0.92 ? 'PLATNA' : 'DO_DECYZJI_GWARANTA';
}

export interface EventPlanInput {
  count: number;
  machines: FleetMachine[];
  employeeIds: number[];
  today: Date;
  /** First id to give (ids follow the date order, as if entered day by day). */
  firstId: number;
  batchSize: number;
}

/**
 * Plans every event first in typed arrays (machine, date, kind, period: a few bytes each), sorts them
 * by date, then yields rows batch by batch: the numbering walks the events in date order, one
 * sequence per year, so month and number grow together as the application would have assigned them.
 */
export function* serviceEventBatches(rng: Rng, input: EventPlanInput): Generator<ServiceEventRow[]> {
  const { count, machines, employeeIds } = input;
  const todayDay = Math.floor(
    Date.UTC(input.today.getUTCFullYear(), input.today.getUTCMonth(), input.today.getUTCDate()) / DAY_MS,
  );
  const firstDay = todayDay - 3652;
  const byCustomer = new Map<number, number[]>();
  machines.forEach((m, i) => {
    const list = byCustomer.get(m.customerId);
    if (list) list.push(i);
    else byCustomer.set(m.customerId, [i]);
  });

  const day = new Int32Array(count);
  const machine = new Int32Array(count);
  const second = new Int32Array(count).fill(-1);
  const kindOf = new Uint8Array(count);
  const period = new Int16Array(count).fill(-1);
  const clampDay = (d: number) => Math.max(firstDay, Math.min(todayDay, d));

  for (let i = 0; i < count; i++) {
    let kind = pickKind(rng);
    let m = Math.floor(rng() * machines.length);
    if (kind <= 2) {
      // Repairs and inspections: an older machine has had more of them. Picked in proportion to
      // its age, with the date uniform over its life, the events grow steadily year on year
      // (a uniform pick would crowd them into the last months).
      for (let tries = 0; tries < 20; tries++) {
        const handover = machines[m].transferDay;
        const age = handover === null ? 365 : todayDay - Math.max(handover, firstDay);
        if (rng() * 3652 < age) break;
        m = Math.floor(rng() * machines.length);
      }
    }
    let t = machines[m].transferDay;
    if (isInspectionKind(kind)) {
      // An inspection needs a machine handed over at least six months ago; a few tries, else a repair.
      for (let tries = 0; tries < 5 && (t === null || addMonths(t, 6) > todayDay); tries++) {
        m = Math.floor(rng() * machines.length);
        t = machines[m].transferDay;
      }
      if (t === null || addMonths(t, 6) > todayDay) kind = 2;
    }
    machine[i] = m;
    kindOf[i] = kind;
    if (isInspectionKind(kind) && t !== null) {
      // Periods 6, 12, 18, … up to the machine's age; done around the due date.
      let steps = 1;
      while (addMonths(t, 6 * (steps + 1)) <= todayDay) steps++;
      const p = 6 * (1 + Math.floor(rng() * steps));
      period[i] = p;
      day[i] = clampDay(Math.max(t, addMonths(t, p) - 14 + Math.floor(rng() * 60)));
    } else if (kind >= 3) {
      // Installation, training, pre-assembly and assembly happen around the handover.
      day[i] = clampDay((t ?? todayDay - Math.floor(rng() * 120)) - 30 + Math.floor(rng() * 60));
    } else {
      const from = t === null ? todayDay - 365 : Math.max(t, firstDay);
      day[i] = clampDay(from + Math.floor(rng() * (todayDay - from + 1)));
    }
    // Some visits cover a second machine of the same customer.
    if (rng() < 0.12) {
      const own = byCustomer.get(machines[m].customerId)!;
      if (own.length > 1) {
        const other = own[Math.floor(rng() * own.length)];
        if (other !== m) second[i] = other;
      }
    }
  }

  const order = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => day[a] - day[b] || a - b);

  let year = 0;
  let lastNumber = 0;
  let lastExtension = '';
  let batch: ServiceEventRow[] = [];
  for (let n = 0; n < count; n++) {
    const i = order[n];
    const date = isoOf(day[i]);
    const eventYear = Number(date.slice(0, 4));
    if (eventYear !== year) {
      year = eventYear;
      lastNumber = 0;
      lastExtension = '';
    }
    const m = machines[machine[i]];
    const state = pickState(rng, todayDay - day[i]);
    const numbered =
      state === 'PODPISANY' || state === 'DODAJ_SKAN' || (state === 'ODRZUCONY' && rng() < 0.5);
    let number = 0;
    let numberExtension = '';
    if (numbered) {
      // About 1 % are a lettered sibling of the previous protocol ("25A" after "25").
      if (lastNumber > 0 && lastExtension !== 'B' && rng() < 0.01) {
        numberExtension = lastExtension === '' ? 'A' : 'B';
        number = lastNumber;
      } else {
        number = ++lastNumber;
      }
      lastExtension = numberExtension;
    }
    const devicesOf = second[i] >= 0 ? [m, machines[second[i]]] : [m];
    const inWarranty =
      m.transferDay !== null && m.warrantyLength > 0 && day[i] < addMonths(m.transferDay, m.warrantyLength);
    // Work hours, Warsaw time; enough for "created" to look like a working day.
    const minutes = 7 * 60 + Math.floor(rng() * 9 * 60);
    const createdAt = `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+01`;
    batch.push({
      id: input.firstId + n,
      date,
      number,
      numberExtension,
      month: Number(date.slice(5, 7)),
      year,
      paymentType: pickPayment(rng, inWarranty),
      types: KINDS[kindOf[i]].types,
      customerId: m.customerId,
      isToSign: state === 'PODPISANY',
      faultDescription: faultDescription(rng, kindOf[i], period[i]),
      period: period[i],
      state,
      // A few busy technicians write most protocols.
      userCreatedId: employeeIds[Math.floor(rng() ** 1.6 * employeeIds.length)],
      hasInternal: devicesOf.some((d) => d.internal),
      hasExternal: devicesOf.some((d) => !d.internal),
      createdAt,
      deviceIds: devicesOf.map((d) => d.id),
    });
    if (batch.length === input.batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

const TECHNICIANS = [
  ['Adam', 'Nowicki'],
  ['Tomasz', 'Wilk'],
  ['Krzysztof', 'Sikora'],
  ['Paweł', 'Baran'],
  ['Michał', 'Kubiak'],
  ['Łukasz', 'Górski'],
  ['Grzegorz', 'Pietrzak'],
  ['Rafał', 'Adamczyk'],
  ['Marcin', 'Sowa'],
  ['Kamil', 'Żak'],
  ['Dariusz', 'Urban'],
  ['Agnieszka', 'Lis'],
];

/** The employees who write the protocols. */
export const technicians = () =>
  TECHNICIANS.map(([firstName, lastName], i) => ({
    userName: 'Serwisant',
    firstName,
    lastName,
    email: `serwisant${i + 1}@serwis.local`,
  }));
