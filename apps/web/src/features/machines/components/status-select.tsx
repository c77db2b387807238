import { Badge, MultiSelect, Pill, Select } from '@mantine/core';
import { MACHINE_STATUSES, findMachineStatus } from '@serwis/domain';

const colours = (nameOrLabel: string | null | undefined) => {
  const def = nameOrLabel ? findMachineStatus(nameOrLabel) : undefined;
  return def ? { backgroundColor: def.colorBackground, color: def.colorText } : undefined;
};

const optionBadge = (label: string) => (
  <Badge radius="sm" styles={{ root: colours(label) }}>
    {label}
  </Badge>
);

const statusOptions = MACHINE_STATUSES.map((s) => ({ value: s.name, label: s.label }));
const statusLabels = MACHINE_STATUSES.map((s) => s.label);

/** The machine status of the form: options and the field itself wear the status colours. */
export function StatusSelect(props: {
  value: string;
  onChange: (status: string) => void;
  error?: React.ReactNode;
}) {
  return (
    <Select
      label="Status"
      required
      data={statusOptions}
      value={props.value}
      onChange={(value) => value && props.onChange(value)}
      allowDeselect={false}
      error={props.error}
      renderOption={({ option }) => optionBadge(option.label)}
      classNames={{ input: 'coloured-field' }}
      styles={{ input: { ...colours(props.value), fontWeight: 600 } }}
    />
  );
}

/** Status filter: several statuses, sent by their Polish labels (spec §7). */
export function StatusMultiSelect(props: { value: string[]; onChange: (labels: string[]) => void }) {
  return (
    <MultiSelect
      label="Status"
      placeholder={props.value.length ? undefined : 'Dowolny'}
      data={statusLabels}
      value={props.value}
      onChange={props.onChange}
      clearable
      renderOption={({ option }) => optionBadge(option.label)}
      renderPill={({ option, onRemove }) => (
        <Pill
          key={String(option.value)}
          withRemoveButton
          onRemove={onRemove}
          removeButtonProps={{ 'aria-label': `Usuń ${option.label}` }}
          styles={{ root: colours(option.label) }}
        >
          {option.label}
        </Pill>
      )}
    />
  );
}
