import { memo, useMemo, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_MAX, polishCount, polishPlural, type Device } from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { sameButCallbacks } from '../../../components/quiet-select';
import { keepEnterInOpenList } from '../../../components/options-filter';
import { customerMachinesKey } from '../../customers/api/customers';
import { machineChoiceLabel } from '../service-display';
import type { MachineChoice } from '../service-form-values';

const NONE: Device[] = [];

/** How many of a customer's machines the field lists at once; the others are found by typing. */
const MACHINE_CHOICES_SHOWN = 50;

/**
 * One page of the customer's machines (both families) matching what is typed, by the server: a
 * factory has thousands, which no list in the browser should hold.
 */
function useCustomerMachineChoices(customerId: number | null, search: string, chosen: number) {
  // Asked for as many more as are chosen (by fifties): 50 chosen hid the whole first page, and the
  // list said the customer had no other machines.
  const size = MACHINE_CHOICES_SHOWN * (1 + Math.floor(chosen / MACHINE_CHOICES_SHOWN));
  return useQuery({
    queryKey: [...customerMachinesKey(customerId ?? 0), 'choices', search, size],
    queryFn: ({ signal }) =>
      api.page<Device>('GET', `/api/device/findByCustomer/${customerId}`, {
        query: { page: 1, size, sort: 'name,asc', q: search || undefined },
        signal,
      }),
    enabled: customerId !== null,
    // The former answer stays while the next term's loads, but not another customer's machines.
    placeholderData: (previous, query) => (query?.queryKey[2] === customerId ? previous : undefined),
    staleTime: 30_000,
  });
}

export interface ServiceMachinesFieldProps {
  customerId: number | null;
  /**
   * Every machine the field has named, by id: given the event's own (or the card's machine) and
   * filled as the customer's pages load, so that the form knows whose each chosen machine is.
   */
  choices: RefObject<Map<string, MachineChoice>>;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: ReactNode;
  /** Said under the field first (the machines a customer change took off). */
  notice?: string | null;
  disabled?: boolean;
}

/** The service form's "Maszyny": the chosen customer's machines, searched on the server. */
function ServiceMachinesFieldInner({
  customerId,
  choices,
  value,
  onChange,
  error,
  notice,
  disabled,
}: ServiceMachinesFieldProps) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const machines = useCustomerMachineChoices(customerId, term, value.length);
  const page = machines.data;
  // Only the answer to what is typed now is offered: a former term's list, still on screen while
  // the server is asked, gave Enter its first machine (a scanned S/N took another machine).
  const fresh = page !== undefined && !machines.isPlaceholderData && term === search.trim();
  const offered = fresh ? page.items : NONE;

  const data = useMemo(() => {
    const known = choices.current;
    for (const device of page?.items ?? []) {
      known.set(String(device.id), {
        id: device.id,
        name: device.name,
        serialNumber: device.serialNumber,
        customerId: device.customer?.id ?? null,
      });
    }
    // The chosen ones stay named even when the page of the term holds none of them.
    const ids = new Set([...value, ...offered.map((d) => String(d.id))]);
    return [...ids].map((id) => {
      const choice = known.get(id);
      return { value: id, label: choice ? machineChoiceLabel(choice) : `(${id})` };
    });
  }, [choices, page, offered, value]);

  const total = page?.total ?? 0;
  const description =
    notice ??
    (customerId === null
      ? 'Najpierw wybierz kontrahenta.'
      : !term && total > MACHINE_CHOICES_SHOWN
        ? `Kontrahent ma ${polishCount(total)} ${polishPlural(total, { one: 'maszynę', few: 'maszyny', many: 'maszyn' })}: wpisz nazwę, S/N lub miasto, aby znaleźć inne niż pierwsze ${MACHINE_CHOICES_SHOWN}.`
        : undefined);
  const nothingFound = machines.isError
    ? 'Nie udało się wczytać maszyn kontrahenta.'
    : !fresh
      ? 'Wczytywanie…'
      : term
        ? 'Brak maszyny'
        : total > value.length
          ? 'Wpisz nazwę, S/N lub miasto, aby znaleźć kolejne maszyny kontrahenta.'
          : 'Kontrahent nie ma innych maszyn';

  /**
   * Enter takes the first machine found for what is typed when none is highlighted (the answer came
   * after the typing); the arrows choose another, as in every list.
   */
  const takeFirstFound = (event: KeyboardEvent<HTMLInputElement>) => {
    keepEnterInOpenList(event);
    if (event.key !== 'Enter' || !search.trim()) return;
    event.preventDefault();
    const highlighted = event.currentTarget.getAttribute('aria-activedescendant');
    const first = offered.find((device) => !value.includes(String(device.id)));
    if (highlighted || !first || value.length >= SERVICE_MAX.devices) return;
    onChange([...value, String(first.id)]);
    setSearch('');
  };

  return (
    <MultiSelect
      label="Maszyny"
      withAsterisk
      description={description}
      placeholder={value.length ? undefined : 'Wybierz...'}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled || customerId === null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server matched the term (also in the city or the producer): its answer is shown as it is.
      filter={({ options }) => options}
      hidePickedOptions
      maxValues={SERVICE_MAX.devices}
      nothingFoundMessage={nothingFound}
      maxDropdownHeight={280}
      onKeyDown={takeFirstFound}
    />
  );
}

/** Drawn again only when what it shows changes, not on each key typed into another field. */
export const ServiceMachinesField = memo(ServiceMachinesFieldInner, sameButCallbacks);
