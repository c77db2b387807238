import { useMemo } from 'react';
import { Autocomplete, MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { DEVICE_MAX, MAX, PART_FILTER_TEXT, PROVINCES } from '@serwis/domain';
import type { MachineFilters } from '../machine-filters';
import { useCategoryOptions, useCustomerOptions } from '../api/lookups';
import { StatusMultiSelect } from './status-select';

const provinceOptions = PROVINCES.filter(Boolean);

/** The inputs of the filter panel, bound to the panel's draft values. */
export function MachineFilterFields({ form }: { form: UseFormReturnType<MachineFilters> }) {
  const customers = useCustomerOptions();
  const categories = useCategoryOptions();
  // Once per list, not on each keystroke of the panel (5,000 customers).
  const customerNames = useMemo(
    () => [...new Set((customers.data ?? []).map((c) => c.shortName))],
    [customers.data],
  );
  const categoryNames = useMemo(
    () => [...new Set((categories.data ?? []).map((c) => c.name))],
    [categories.data],
  );
  const values = form.getValues();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="Id"
        inputMode="numeric"
        maxLength={10}
        {...form.getInputProps('id')}
        onChange={(e) => form.setFieldValue('id', e.currentTarget.value.replace(/\D/g, ''))}
      />
      <StatusMultiSelect
        value={values.statuses}
        onChange={(statuses) => form.setFieldValue('statuses', statuses)}
      />
      <Autocomplete
        label="Kontrahent"
        data={customerNames}
        maxLength={MAX.name}
        limit={50}
        {...form.getInputProps('customer')}
      />
      <MultiSelect
        label="Kategoria"
        data={categoryNames}
        searchable
        clearable
        {...form.getInputProps('categories')}
      />
      <TextInput label="S/N" maxLength={DEVICE_MAX.serialNumber} {...form.getInputProps('serialNumber')} />
      <TextInput label="Moc" maxLength={DEVICE_MAX.sourcePower} {...form.getInputProps('sourcePower')} />
      {/* A range the wrong way round found nothing and said nothing: each end stops at the other. */}
      <DatePickerInput
        label="Data od"
        clearable
        valueFormat="YYYY-MM-DD"
        maxDate={values.dateTo ?? undefined}
        {...form.getInputProps('dateFrom')}
      />
      <DatePickerInput
        label="Data do"
        clearable
        valueFormat="YYYY-MM-DD"
        minDate={values.dateFrom ?? undefined}
        {...form.getInputProps('dateTo')}
      />
      <TextInput label="Gwarancja" maxLength={DEVICE_MAX.warranty} {...form.getInputProps('warranty')} />
      <TextInput label="Ulica" maxLength={DEVICE_MAX.streetAddress} {...form.getInputProps('street')} />
      <TextInput label="Kod pocztowy" maxLength={DEVICE_MAX.zipCode} {...form.getInputProps('zipCode')} />
      <TextInput label="Miasto" maxLength={DEVICE_MAX.city} {...form.getInputProps('city')} />
      <MultiSelect
        label="Województwo"
        data={provinceOptions}
        searchable
        clearable
        {...form.getInputProps('provinces')}
      />
      <TextInput
        label={PART_FILTER_TEXT.label}
        placeholder={PART_FILTER_TEXT.placeholder}
        title={PART_FILTER_TEXT.description}
        maxLength={MAX.name}
        {...form.getInputProps('part')}
      />
    </SimpleGrid>
  );
}
