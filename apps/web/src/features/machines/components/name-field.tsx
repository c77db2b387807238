import { useMemo, useState } from 'react';
import { ActionIcon, Group, TextInput, Tooltip } from '@mantine/core';
import { QuietSelect } from '../../../components/quiet-select';
import { IconList, IconPencilPlus } from '@tabler/icons-react';
import { DEVICE_MAX, MSG } from '@serwis/domain';

interface NameFieldProps {
  value: string;
  onChange: (name: string) => void;
  /** Names already used in this family (findAllDevicesNames). */
  names: string[];
  error?: React.ReactNode;
  /** Focused when the form opens (the next machine after "Zapisz i dodaj kolejną"). */
  autoFocus?: boolean;
}

/**
 * The machine name is picked from the names already in use, so the same model is spelt the same
 * way; the toggle switches to typing a new one (spec §2).
 */
export function NameField({ value, onChange, names, error, autoFocus }: NameFieldProps) {
  const [typing, setTyping] = useState(false);
  // The machine's own name must be choosable even if the list has not loaded or lacks it.
  const options = useMemo(
    () => (value && !names.includes(value) ? [value, ...names] : names),
    [value, names],
  );
  const toggleLabel = typing ? 'Wybierz nazwę z listy' : 'Wpisz nową nazwę';
  const toggle = (
    <Tooltip label={toggleLabel}>
      <ActionIcon
        variant="light"
        size={40}
        mt={25}
        aria-label={toggleLabel}
        aria-pressed={typing}
        onClick={() => setTyping((t) => !t)}
      >
        {typing ? <IconList size={20} /> : <IconPencilPlus size={20} />}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      {typing ? (
        <TextInput
          label="Nazwa (nowa)"
          required
          flex={1}
          maxLength={DEVICE_MAX.name}
          value={value}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value)}
          autoFocus
        />
      ) : (
        <QuietSelect
          label="Nazwa"
          required
          flex={1}
          placeholder="Wybierz..."
          data={options}
          searchable
          limit={100}
          nothingFoundMessage={MSG.machineNameNotListed}
          value={value || null}
          error={error}
          autoFocus={autoFocus}
          onChange={(name) => onChange(name ?? '')}
        />
      )}
      {toggle}
    </Group>
  );
}
