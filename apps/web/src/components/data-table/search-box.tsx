import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MAX } from '@serwis/domain';

export function SearchBox(props: { value: string; onChange: (value: string) => void; label?: string }) {
  return (
    <TextInput
      label={props.label ?? 'Szukaj'}
      placeholder="Wpisz szukaną frazę…"
      leftSection={<IconSearch size={16} />}
      value={props.value}
      maxLength={MAX.search}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      maw={360}
      mb="sm"
    />
  );
}
