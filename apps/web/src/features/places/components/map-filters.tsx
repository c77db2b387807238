import { memo, useMemo } from 'react';
import { Select } from '@mantine/core';
import { MACHINE_STATUSES } from '@serwis/domain';
import type { CategoryOption } from '../../machines/api/lookups';

const FAMILIES = [
  { value: 'INTERNAL', label: 'Maszyny' },
  { value: 'EXTERNAL', label: 'Maszyny zewnętrzne' },
];
const STATUSES = MACHINE_STATUSES.map((s) => ({ value: s.name, label: s.label }));

interface MapFiltersProps {
  family: string | null;
  status: string | null;
  category: string | null;
  onFamily: (value: string | null) => void;
  onStatus: (value: string | null) => void;
  onCategory: (value: string | null) => void;
  categories: CategoryOption[] | undefined;
}

/**
 * The machine map's three filters (family, status, category). Drawn again only when one of them
 * or the categories change: the map page is drawn again when the worker answers a filter's count,
 * and three selects were most of that work on a tablet.
 */
export const MapFilters = memo(function MapFilters(props: MapFiltersProps) {
  const categoryOptions = useMemo(
    () => (props.categories ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    [props.categories],
  );
  return (
    <>
      <Select
        label="Rodzaj"
        placeholder="Wszystkie"
        data={FAMILIES}
        value={props.family}
        onChange={props.onFamily}
        clearable
      />
      <Select
        label="Status"
        placeholder="Wszystkie"
        data={STATUSES}
        value={props.status}
        onChange={props.onStatus}
        clearable
      />
      <Select
        label="Kategoria"
        placeholder="Wszystkie"
        data={categoryOptions}
        value={props.category}
        onChange={props.onCategory}
        clearable
        searchable
      />
    </>
  );
});
