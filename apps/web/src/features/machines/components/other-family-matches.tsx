import { Alert, Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { DeviceFilterInput } from '@serwis/domain';
import { presetListState, totalLabel } from '../../../components/data-table';
import { useMachinePage } from '../api/machines';
import { FAMILIES, type MachineFamily } from '../family';
import type { MachineFilters } from '../machine-filters';

/**
 * Under a machine list that found nothing for a search or filters: how many the other family's list
 * finds for the same question, and a button that opens it so (a customer's machine looked for among
 * the own machines was an external one, and "Brak wyników" said nothing of it). Asked only then.
 */
export function OtherFamilyMatches(props: {
  family: MachineFamily;
  /** The list found nothing for a search or a filter. */
  foundNothing: boolean;
  body: DeviceFilterInput;
  q: string;
  search: string;
  filters: MachineFilters;
}) {
  const navigate = useNavigate();
  const other = FAMILIES[props.family === 'INTERNAL' ? 'EXTERNAL' : 'INTERNAL'];
  const { data, isPlaceholderData } = useMachinePage(
    other.family,
    props.body,
    { page: 1, size: 1, q: props.q },
    { enabled: props.foundNothing },
  );
  // Not an earlier question's count while this one is asked.
  if (!props.foundNothing || isPlaceholderData || !data?.total) return null;
  const open = () => {
    presetListState(other.persistKey, { search: props.search, filters: props.filters });
    navigate(other.listPath);
  };
  return (
    <Alert color="blue" mt="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          Pasujące maszyny na liście „{other.listTitle}”: {totalLabel(data.total, data)}.
        </Text>
        <Button size="xs" onClick={open}>
          Pokaż je
        </Button>
      </Group>
    </Alert>
  );
}
