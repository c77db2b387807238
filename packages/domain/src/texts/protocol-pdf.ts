/**
 * The words of a protocol's PDF (the server's protocols.pdf.ts lays them out). The protocol's title
 * is not here: it comes from the configuration and its own rule.
 */
export const PROTOCOL_PDF_LABELS = {
  /** Under the title of a signed protocol an administrator corrected: the signatures are the first version's. */
  correction: (date: string, by: string, signedOn: string) =>
    `Korekta z ${date} (${by}), wprowadzona po podpisaniu. Podpisy złożono pod wersją z ${signedOn}.`,
  // the header table
  number: 'Numer protokołu',
  date: 'Data',
  customer: 'Klient',
  machines: 'Maszyny',
  /** A machine with its serial number: "Sprężarka (nr seryjny: SN-1)"; `serial` is a dash when none. */
  machine: (name: string, serial: string) => `${name} (nr seryjny: ${serial})`,
  serviceTypes: 'Rodzaj serwisu',
  payment: 'Płatność',
  faultDescription: 'Opis usterki',
  technician: 'Serwisant',
  /** A periodic inspection's `period`: the months since the handover it covers (domain.md). */
  inspectionPeriod: 'Okres przeglądu',
  inspectionPeriodValue: (months: number) => `${months} mies. od przekazania`,
  // a checklist
  checklistTitle: (deviceName: string, serialNumber: string) =>
    `${deviceName}${serialNumber ? ` (nr seryjny: ${serialNumber})` : ''}`,
  ordinal: 'Lp.',
  serviceOperation: 'Czynność serwisowa',
  measurements: 'Pomiary',
  answer: 'Ocena',
  remark: 'Uwagi',
  /** An answer not yet given, printed for the scan: the choices to circle. */
  answerChoices: 'Poprawne / Niepoprawne / Nie dotyczy',
  noOperations: 'Brak czynności na liście.',
  // the sections after the checklists
  workDone: 'Wykonane prace',
  materials: 'Materiały i części',
  materialName: 'Nazwa',
  quantity: 'Ilość',
  unit: 'J.m.',
  timeAndTravel: 'Czas pracy i dojazd',
  arrival: (time: string) => `Przyjazd: ${time}`,
  start: (time: string) => `Rozpoczęcie: ${time}`,
  end: (time: string) => `Zakończenie: ${time}`,
  kilometers: (distance: string) => `Kilometry: ${distance}`,
  /** A distance as Polish documents write it, with a decimal comma. */
  distance: (km: number) => `${String(km).replace('.', ',')} km`,
  nights: (nights: string) => `Noclegi: ${nights}`,
  recommendations: 'Zalecenia dla klienta',
  technicianSignature: 'Podpis serwisanta',
  customerSignature: 'Podpis klienta',
  /** Under an empty signature box printed for the scan: where the signer writes their name. */
  signerNameBlank: 'Imię i nazwisko: ………………………………',
} as const;
