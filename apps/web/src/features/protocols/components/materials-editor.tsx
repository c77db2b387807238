import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ProtocolMaterial } from '@serwis/domain';
import { useFocusAddedRow } from '../../../lib/focus-added-row';

interface MaterialsEditorProps {
  materials: ProtocolMaterial[];
  readOnly: boolean;
  onChange: (materials: ProtocolMaterial[]) => void;
}

/** Materials and parts used: name, quantity and unit, as many rows as needed. */
export function MaterialsEditor({ materials, readOnly, onChange }: MaterialsEditorProps) {
  const change = (index: number, patch: Partial<ProtocolMaterial>) =>
    onChange(materials.map((m, i) => (i === index ? { ...m, ...patch } : m)));
  const { adding, lastRowRef } = useFocusAddedRow();
  return (
    <Stack gap="xs">
      {materials.length === 0 && <Text c="dimmed">Nie dodano materiałów.</Text>}
      {materials.map((m, i) => (
        <Group key={i} align="flex-end" wrap="nowrap" gap="xs" role="group" aria-label={`Materiał ${i + 1}`}>
          <TextInput
            label={`Nazwa materiału ${i + 1}`}
            ref={i === materials.length - 1 ? lastRowRef : undefined}
            style={{ flex: 3 }}
            readOnly={readOnly}
            value={m.name}
            onChange={(e) => change(i, { name: e.currentTarget.value })}
          />
          <TextInput
            label={`Ilość ${i + 1}`}
            style={{ flex: 1 }}
            inputMode="decimal"
            readOnly={readOnly}
            value={m.quantity}
            onChange={(e) => change(i, { quantity: e.currentTarget.value })}
          />
          <TextInput
            label={`Jednostka ${i + 1}`}
            style={{ flex: 1 }}
            readOnly={readOnly}
            value={m.unit}
            onChange={(e) => change(i, { unit: e.currentTarget.value })}
          />
          {!readOnly && (
            <ActionIcon
              size={40}
              variant="subtle"
              color="red"
              aria-label={`Usuń materiał ${i + 1}`}
              onClick={() => onChange(materials.filter((_, j) => j !== i))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              adding();
              onChange([...materials, { name: '', quantity: '', unit: 'szt.' }]);
            }}
          >
            Dodaj materiał
          </Button>
        </Group>
      )}
    </Stack>
  );
}
