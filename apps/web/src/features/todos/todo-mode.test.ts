import { describe, expect, it } from 'vitest';
import { todoMachineNowAt, type Todo } from '@serwis/domain';
import { serviceAddresses } from './todo-mode';

const machine = (id: number, city: string, customer: { id: number; shortName: string }) => ({
  id,
  name: `Maszyna ${id}`,
  type: 'INTERNAL' as const,
  streetAddress: 'Portowa 9',
  zipCode: '80-001',
  city,
  customer,
});

const todoOf = (devices: NonNullable<Todo['service']>['devices']): Todo => ({
  id: 1,
  date: '2026-12-01T08:00:00.000Z',
  description: 'Wymienić uszczelkę',
  toDoStatus: 'TODO',
  userCreated: { id: 1, fullName: 'Anna Nowak' },
  service: {
    id: 5,
    fullNumber: '5/03/2026',
    date: '2026-03-05',
    state: 'PODPISANY',
    customer: { id: 11, shortName: 'Klient A', fullName: '', streetAddress: '', zipCode: '', city: '' },
    devices,
  },
});

describe('the machines’ addresses of a to-do (serviceAddresses)', () => {
  it('names the customer a machine is at now when it is no longer the event’s', () => {
    const a = { id: 11, shortName: 'Klient A' };
    const b = { id: 12, shortName: 'Klient B' };
    expect(serviceAddresses(todoOf([machine(1, 'Gdańsk', a), machine(2, 'Gdańsk', a)]))).toEqual([
      'Portowa 9, 80-001 Gdańsk',
    ]);
    expect(serviceAddresses(todoOf([machine(1, 'Łódź', a), machine(2, 'Gdańsk', b)]))).toEqual([
      'Portowa 9, 80-001 Łódź',
      `Portowa 9, 80-001 Gdańsk (${todoMachineNowAt('Maszyna 2', 'Klient B')})`,
    ]);
    expect(todoMachineNowAt('Maszyna 2', 'Klient B')).toBe('Maszyna 2 jest teraz u kontrahenta „Klient B”');
  });
});
