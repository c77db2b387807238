import { Badge, Stack, Table } from '@mantine/core';
import { useCurrentUser } from '../../auth/api/session';

export function UserDataTab() {
  const user = useCurrentUser();
  return (
    <Stack>
      <Table variant="vertical" withTableBorder maw={560}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>Login</Table.Th>
            <Table.Td>{user.email}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Użytkownik</Table.Th>
            <Table.Td>{`${user.firstName} ${user.lastName}`.trim()}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Stanowisko</Table.Th>
            <Table.Td>{user.userName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Rola</Table.Th>
            <Table.Td>
              <Badge color={user.isAdmin ? 'red' : 'blue'}>{user.isAdmin ? 'ADMIN' : 'USER'}</Badge>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
