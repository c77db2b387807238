import { useState } from 'react';
import { Button, Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconChevronDown,
  IconChevronUp,
  IconChevronsDown,
  IconChevronsUp,
  IconSearch,
} from '@tabler/icons-react';
import { PART_FILTER_TEXT, partTermTooShort } from '@serwis/domain';
import { EMPTY_FILTERS, hasActiveFilters, type MachineFilters } from '../machine-filters';
import { MachineFilterFields } from './machine-filter-fields';

interface MachineFilterPanelProps {
  /** The filters the list uses now. */
  applied: MachineFilters;
  onApply: (filters: MachineFilters) => void;
  /**
   * The CSV button; it receives the panel's current values so the file matches what was typed (null
   * when the panel refuses them).
   */
  csvButton: (current: () => MachineFilters | null) => React.ReactNode;
}

/**
 * Collapsible filters of the machine lists. The chevron turns red and double while any filter is in
 * force, so a folded panel still tells that the list is narrowed; the word "aktywne" says it too.
 */
export function MachineFilterPanel({ applied, onApply, csvButton }: MachineFilterPanelProps) {
  const [open, setOpen] = useState(false);
  const form = useForm<MachineFilters>({
    initialValues: applied,
    validate: {
      part: (value) => (partTermTooShort(value) ? PART_FILTER_TEXT.tooShort : null),
    },
  });
  const active = hasActiveFilters(applied);
  const Chevron = active
    ? open
      ? IconChevronsUp
      : IconChevronsDown
    : open
      ? IconChevronUp
      : IconChevronDown;

  const apply = (values: MachineFilters) => {
    form.resetDirty(values);
    onApply(values);
  };
  const clear = () => {
    form.setValues(EMPTY_FILTERS);
    apply(EMPTY_FILTERS);
  };

  return (
    <Paper withBorder p="xs" mb="sm">
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="machine-filters"
        data-active={active || undefined}
        mih={40}
        w="100%"
      >
        <Group gap="xs">
          <Chevron
            size={22}
            color={active ? 'var(--mantine-color-red-7)' : undefined}
            data-testid={active ? 'filters-chevron-active' : 'filters-chevron'}
            aria-hidden
          />
          <Text fw={600}>Filtry</Text>
          {active && (
            <Text size="sm" c="red">
              (aktywne)
            </Text>
          )}
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id="machine-filters">
        <form onSubmit={form.onSubmit(apply)} noValidate style={{ paddingTop: 'var(--mantine-spacing-xs)' }}>
          <MachineFilterFields form={form} />
          <Group mt="sm" gap="sm">
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              Szukaj
            </Button>
            {csvButton(() => {
              // A term the server refuses is told under its field, and neither applied nor asked for.
              if (form.validate().hasErrors) return null;
              const values = form.getValues();
              apply(values);
              return values;
            })}
            <Button variant="subtle" onClick={clear} disabled={!active && !form.isDirty()}>
              Wyczyść filtry
            </Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
