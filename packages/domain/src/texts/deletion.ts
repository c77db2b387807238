import { z } from 'zod';
import { polishCount, polishPlural } from '../rules/numbers.js';

/**
 * What a record's delete would take with it, and what keeps it from going: asked before the
 * confirmation opens, so that it names both (a machine's notes, parts, files and nameplates go with it; its
 * service events and incidents, or a customer's machines and events, keep it, spec §8's 409).
 */
export const machineDependantsSchema = z.object({
  services: z.number().int(),
  incidents: z.number().int(),
  notes: z.number().int(),
  parts: z.number().int(),
  files: z.number().int(),
  nameplates: z.number().int(),
});
export type MachineDependants = z.infer<typeof machineDependantsSchema>;

export const customerDependantsSchema = z.object({
  machines: z.number().int(),
  services: z.number().int(),
});
export type CustomerDependants = z.infer<typeof customerDependantsSchema>;

/** The records naming an employee (protocols, notes, to-dos…): any keeps the account (inactive instead). */
export const employeeDependantsSchema = z.object({ records: z.number().int() });
export type EmployeeDependants = z.infer<typeof employeeDependantsSchema>;

type Forms = { one: string; few: string; many: string };
const counted = (n: number, forms: Forms) => `${polishCount(n)} ${polishPlural(n, forms)}`;

/** "a, b i c" of the counts that are not zero; '' when all are. */
function listed(parts: readonly [number, Forms][]): string {
  const named = parts.filter(([n]) => n > 0).map(([n, forms]) => counted(n, forms));
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} i ${named.at(-1)}` : (named[0] ?? '');
}

const MACHINES: Forms = { one: 'maszyna', few: 'maszyny', many: 'maszyn' };
const SERVICES: Forms = {
  one: 'zdarzenie serwisowe',
  few: 'zdarzenia serwisowe',
  many: 'zdarzeń serwisowych',
};
const FILES: Forms = { one: 'plik', few: 'pliki', many: 'plików' };
const INCIDENTS: Forms = {
  one: 'wpis w zakładce Zdarzenia',
  few: 'wpisy w zakładce Zdarzenia',
  many: 'wpisów w zakładce Zdarzenia',
};

export const DELETION_TEXT = {
  /** 409: the customer still has machines (or other records). */
  customerInUse:
    'Błąd! Sprawdź czy z kontrahentem są powiązane zależności (maszyny itp.). Musisz je najpierw usunąć!',
  /** Why a machine cannot go now (its events and incidents stay on record); '' when it can. */
  machineKeptBy: (d: MachineDependants) => {
    const by = listed([
      [d.services, SERVICES],
      [d.incidents, INCIDENTS],
    ]);
    return by
      ? `Maszyny nie można teraz usunąć. Powiązane z nią dane: ${by}. Najpierw usuń je na karcie maszyny.`
      : '';
  },
  /** What goes with a machine; '' when nothing does. */
  machineTakesWith: (d: MachineDependants) => {
    const what = listed([
      [d.notes, { one: 'notatka', few: 'notatki', many: 'notatek' }],
      [d.parts, { one: 'część', few: 'części', many: 'części' }],
      [d.files, FILES],
      [
        d.nameplates,
        {
          one: 'zdjęcie tabliczki znamionowej',
          few: 'zdjęcia tabliczek znamionowych',
          many: 'zdjęć tabliczek znamionowych',
        },
      ],
    ]);
    return what ? `Razem z nią zostaną usunięte: ${what}.` : '';
  },
  /** What goes with a service event: its files and the to-do it carries (domain.md); '' when nothing. */
  serviceTakesWith: (service: { files: readonly unknown[]; todo: string | null }) => {
    const what = [
      service.files.length ? counted(service.files.length, FILES) : '',
      service.todo?.trim() ? 'zadanie do wykonania zapisane w tym zdarzeniu' : '',
    ].filter(Boolean);
    return what.length ? `Razem z nim zostaną usunięte: ${what.join(' i ')}.` : '';
  },
  /**
   * What a service event's delete undoes beyond the app: a signed protocol (sent to the customer,
   * who keeps it), and its number, which the next numbered event of its year then takes (only the
   * year's last number may go, domain.md); '' for an unsigned, unnumbered event.
   */
  serviceDeletionWarning: (service: {
    state: string;
    number: number;
    year: number;
    protocolSent?: { to: string } | null;
  }) =>
    [
      service.state === 'PODPISANY'
        ? `To zdarzenie jest podpisane${service.protocolSent ? `, a jego protokół wysłano do klienta na adres ${service.protocolSent.to}` : ''}.`
        : '',
      service.number > 0
        ? `Usunąć można tylko ostatni numer roku; numer ${service.number} z ${service.year} r. otrzyma wtedy następne numerowane zdarzenie z tego roku.`
        : '',
    ]
      .filter(Boolean)
      .join(' '),
  /** Why a customer cannot go now; '' when it can. */
  customerKeptBy: (d: CustomerDependants) => {
    const by = listed([
      [d.machines, MACHINES],
      [d.services, SERVICES],
    ]);
    if (!by) return '';
    // Service events are the customer's history (a numbered one cannot go): not to be deleted first.
    if (d.services > 0) {
      const machines = d.machines > 0 ? ` i maszyny (${polishCount(d.machines)})` : '';
      return `Kontrahenta nie można usunąć: ma zdarzenia serwisowe (${polishCount(d.services)})${machines}, a zdarzenia zostają w historii serwisu. Znajdziesz je na listach zdarzeń serwisowych (maszyn i maszyn zewnętrznych), wpisując w wyszukiwarkę jego nazwę.`;
    }
    const them = d.machines === 1 ? 'ją' : 'je';
    return `Kontrahenta nie można teraz usunąć. Powiązane z nim dane: ${by}. Najpierw przenieś ${them} do innego kontrahenta lub ${them} usuń.`;
  },
  /** Why a category cannot go now (its machines); '' when it can. */
  categoryKeptBy: (machines: number) => {
    if (machines <= 0) return '';
    const belong = polishPlural(machines, { one: 'należy', few: 'należą', many: 'należy' });
    const them = machines === 1 ? 'ją' : 'je';
    return `Kategorii nie można teraz usunąć: ${belong} do niej ${counted(machines, MACHINES)}. Najpierw przenieś ${them} do innej kategorii lub ${them} usuń.`;
  },
  /** Why an employee cannot go (their work stays on record under their name); '' when they can. */
  employeeKeptBy: (d: EmployeeDependants) =>
    d.records > 0
      ? `Pracownika nie można usunąć: są z nim powiązane zapisy w systemie (${polishCount(d.records)}), które mają zostać pod jego nazwiskiem. Zamiast tego odznacz pole „Aktywny” i zapisz: nie będzie mógł się zalogować.`
      : '',
  cannotDeleteTitle: 'Nie można usunąć',
} as const;
