import { memo, useMemo, useState, type ReactNode, type RefObject } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_MAX, polishCount, polishPlural, type Device } from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { sameButCallbacks } from '../../../components/quiet-select';
import { customerMachinesKey } from '../../customers/api/customers';
import { machineChoiceLabel } from '../service-display';
import type { MachineChoice } from '../service-form-values';

/** How many of a customer's machines the field lists at once; the others are found by typing. */
export const MACHINE_CHOICES_SHOWN = 50;

/**
 * One page of the customer's machines (both families) matching what is typed, by the server: a
 * factory has thousands, which no list in the browser should hold.
 */
function useCustomerMachineChoices(customerId: number | null, search: string) {
  return useQuery({
    queryKey: [...customerMachinesKey(customerId ?? 0), 'choices', search],
    queryFn: ({ signal }) =>
      api.page<Device>('GET', `/api/device/findByCustomer/${customerId}`, {
        query: { page: 1, size: MACHINE_CHOICES_SHOWN, sort: 'name,asc', q: search || undefined },
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
  disabled?: boolean;
}

/** The service form's "Maszyny": the chosen customer's machines, searched on the server. */
function ServiceMachinesFieldInner({
  customerId,
  choices,
  value,
  onChange,
  error,
  disabled,
}: ServiceMachinesFieldProps) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const machines = useCustomerMachineChoices(customerId, term);
  const page = machines.data;

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
    const ids = new Set([...value, ...(page?.items ?? []).map((d) => String(d.id))]);
    return [...ids].map((id) => {
      const choice = known.get(id);
      return { value: id, label: choice ? machineChoiceLabel(choice) : `(${id})` };
    });
  }, [choices, page, value]);

  const total = page?.total ?? 0;
  const description =
    customerId === null
      ? 'Najpierw wybierz kontrahenta.'
      : !term && total > MACHINE_CHOICES_SHOWN
        ? `Kontrahent ma ${polishCount(total)} ${polishPlural(total, { one: 'maszynę', few: 'maszyny', many: 'maszyn' })}: wpisz nazwę, S/N lub miasto, aby znaleźć inne niż pierwsze ${MACHINE_CHOICES_SHOWN}.`
        : undefined;
  const nothingFound = machines.isError
    ? 'Nie udało się wczytać maszyn kontrahenta.'
    : machines.isFetching
      ? 'Wczytywanie…'
      : term
        ? 'Brak maszyny'
        : 'Kontrahent nie ma innych maszyn';

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
    />
  );
}

/** Drawn again only when what it shows changes, not on each key typed into another field. */
export const ServiceMachinesField = memo(ServiceMachinesFieldInner, sameButCallbacks);
