import { useState } from 'react';
import { Button, Group, Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileImport } from '@tabler/icons-react';
import { MSG, type ServiceOperation } from '@serwis/domain';
import { errorMessage } from '../../../lib/api-client';
import { operationsOf, useCategories } from '../api/categories';

interface ImportOperationsProps {
  categoryId: number;
  /** Operations on the list now: an empty list has nothing to lose, so nothing is asked. */
  currentCount: number;
  disabled: boolean;
  onImport: (operations: ServiceOperation[]) => void;
  onError: (message: string) => void;
}

/** Replaces the whole list with another category's list, after a confirmation. */
export function ImportOperations({
  categoryId,
  currentCount,
  disabled,
  onImport,
  onError,
}: ImportOperationsProps) {
  const categories = useCategories();
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const options = (categories.data ?? [])
    .filter((c) => c.id !== categoryId)
    .map((c) => ({ value: String(c.id), label: c.name }));
  const source = options.find((o) => o.value === sourceId);

  /** The other category's list, fetched first: the question says how many operations replace ours. */
  const confirm = async () => {
    if (!source) return;
    setLoading(true);
    let operations: ServiceOperation[];
    try {
      operations = await operationsOf(Number(source.value));
    } catch (error) {
      onError(errorMessage(error));
      return;
    } finally {
      setLoading(false);
    }
    const count = operations.length;
    if (currentCount === 0) {
      if (count) onImport(operations);
      else onError(MSG.operationsImportNothing(source.label));
      setSourceId(null);
      return;
    }
    const question = count
      ? MSG.operationsImportQuestion(source.label, count)
      : MSG.operationsImportEmpty(source.label);
    modals.openConfirmModal({
      title: 'Import czynności serwisowych',
      children: <Text size="sm">{question}</Text>,
      labels: { confirm: count ? 'Zastąp listę' : 'Wyczyść listę', cancel: 'Anuluj' },
      confirmProps: { color: 'orange' },
      onConfirm: () => {
        onImport(operations);
        setSourceId(null);
      },
    });
  };

  return (
    // The button goes under the field on a phone; in one row they ran 22 px past a 390 px screen.
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label="Importuj z kategorii"
        placeholder="Wybierz..."
        data={options}
        value={sourceId}
        onChange={setSourceId}
        searchable
        nothingFoundMessage="Brak innych kategorii"
        w={260}
        maw="100%"
      />
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        disabled={!source || disabled}
        loading={loading}
        onClick={() => void confirm()}
      >
        Importuj
      </Button>
    </Group>
  );
}
