import { PAYMENT_TYPES, type PeriodicInspectionEvent } from '@serwis/domain';

export const paymentLabel = (name: string) => PAYMENT_TYPES.find((p) => p.name === name)?.label ?? name;

/** A period below 0 means "not given" and shows as 0 (domain rules). */
export const displayPeriod = (period: number) => Math.max(period, 0);

/**
 * A key that orders full numbers as year, month, number and extension letter when compared as text,
 * so the table's generic sort puts them in protocol order.
 */
export const fullNumberKey = (
  e: Pick<PeriodicInspectionEvent, 'year' | 'month' | 'number' | 'numberExtension'>,
) =>
  `${String(e.year).padStart(4, '0')}-${String(e.month).padStart(2, '0')}-${String(e.number).padStart(7, '0')}-${e.numberExtension}`;

/** "ul. Polna 1, 00-001 Warszawa" from whichever parts are filled in. */
export function formatAddress(a: { streetAddress: string; zipCode: string; city: string }) {
  const town = [a.zipCode, a.city].filter(Boolean).join(' ');
  return [a.streetAddress, town].filter(Boolean).join(', ');
}
