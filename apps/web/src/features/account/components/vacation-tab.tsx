import { Card, Text } from '@mantine/core';
import { useCurrentUser } from '../../auth/api/session';

export function VacationTab() {
  const user = useCurrentUser();
  return (
    <Card withBorder maw={360}>
      <Text c="dimmed" size="sm">
        Pozostałe dni urlopu
      </Text>
      <Text fz={40} fw={700} data-testid="vacation-days">
        {user.vacationDays}
      </Text>
    </Card>
  );
}
