import { formatFullNumber, type MachineType, type Todo, type ToDoStatus } from '@serwis/domain';
import type { TodoListRow, TodoServiceDeviceRow } from './todos.repository.js';

export function toTodo(row: TodoListRow, devicesByService: Map<number, TodoServiceDeviceRow[]>): Todo {
  const service =
    row.serviceId === null
      ? null
      : {
          id: row.serviceId,
          fullNumber: formatFullNumber(
            row.serviceNumber ?? 0,
            row.serviceNumberExtension ?? '',
            row.serviceMonth ?? 0,
            row.serviceYear ?? 0,
          ),
          date: row.serviceDate ?? '',
          state: row.serviceState ?? '',
          customer: {
            id: row.customerId ?? 0,
            shortName: row.customerShortName ?? '',
            fullName: row.customerFullName ?? '',
            streetAddress: row.customerStreetAddress ?? '',
            zipCode: row.customerZipCode ?? '',
            city: row.customerCity ?? '',
          },
          devices: (devicesByService.get(row.serviceId) ?? []).map((d) => ({
            id: d.id,
            name: d.name,
            type: d.type as MachineType,
            streetAddress: d.streetAddress,
            zipCode: d.zipCode,
            city: d.city,
            customer: { id: d.customerId, shortName: d.customerShortName },
          })),
        };
  return {
    id: row.id,
    date: row.date,
    description: row.description,
    toDoStatus: row.toDoStatus as ToDoStatus,
    userCreated: { id: row.userId, fullName: `${row.userFirstName} ${row.userLastName}`.trim() },
    service,
  };
}

export function groupByService(rows: TodoServiceDeviceRow[]) {
  const map = new Map<number, TodoServiceDeviceRow[]>();
  for (const row of rows) {
    const list = map.get(row.serviceId) ?? [];
    list.push(row);
    map.set(row.serviceId, list);
  }
  return map;
}
