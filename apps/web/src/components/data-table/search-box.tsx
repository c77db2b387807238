import { useRef } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MAX } from '@serwis/domain';

/**
 * A list's search. A typed term has an "x" that clears it (a tablet has no Escape key, and emptying
 * a field by touch took a long press and a menu); the keyboard stays in the field for the next term.
 */
export function SearchBox(props: { value: string; onChange: (value: string) => void; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    props.onChange('');
    input.current?.focus();
  };
  return (
    <TextInput
      ref={input}
      label={props.label ?? 'Szukaj'}
      placeholder="Wpisz szukaną frazę…"
      leftSection={<IconSearch size={16} />}
      rightSection={
        props.value ? (
          <CloseButton size="sm" className="search-clear" aria-label="Wyczyść wyszukiwanie" onClick={clear} />
        ) : null
      }
      value={props.value}
      maxLength={MAX.search}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && props.value) {
          e.stopPropagation();
          clear();
        }
      }}
      maw={360}
      mb="sm"
      className="print-hidden"
    />
  );
}
