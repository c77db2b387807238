import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Marker, Popup } from 'react-leaflet';
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAP_VIEW, MSG, type Hotel, type NearbyHotel, PLACES_MSG } from '@serwis/domain';
import { confirmDelete } from '../../../components/confirm-delete';
import { STICKY_END } from '../../../components/data-table';
import { useCurrentUser } from '../../auth/api/session';
import { useMachine } from '../../machines/api/machines';
import { forbiddenOrError } from '../../machines/components/tabs/tab-errors';
import { useDeleteHotel, useHotelsNear, useMapConfig } from '../api/places';
import { BaseMap, dotIcon } from './base-map';
import { HotelModal } from './hotel-modal';

const MACHINE_PIN = dotIcon('#1c7ed6', '#ffffff', 28);
const HOTEL_PIN = dotIcon('#7048e8', '#ffffff', 22);

export const formatKm = (km: number) =>
  `${km.toLocaleString('pl-PL', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} km`;

/** "Hotele": the machine and hotels within the radius, nearest first, on a map and in a list. */
export function HotelsTab({ deviceId }: { deviceId: number }) {
  const user = useCurrentUser();
  const machine = useMachine(deviceId);
  const hotels = useHotelsNear(deviceId);
  const config = useMapConfig();
  const remove = useDeleteHotel();
  const [editing, setEditing] = useState<Hotel | 'new' | null>(null);
  const device = machine.data;
  if (!device) return <Text size="sm">{MSG.loading}</Text>;
  const position: [number, number] | null =
    device.gpsLatitude !== null && device.gpsLongitude !== null
      ? [device.gpsLatitude, device.gpsLongitude]
      : null;
  const list: NearbyHotel[] = hotels.data ?? [];
  const radius = config.data?.hotelRadiusKm;

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">
          {position ? `Hotele w promieniu ${radius ?? ''} km od maszyny, od najbliższego.` : ''}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Dodaj hotel
        </Button>
      </Group>
      {!position && (
        <Alert color="yellow" role="status">
          {PLACES_MSG.machineNoPositionForHotels}
        </Alert>
      )}
      {remove.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => remove.reset()}>
          {forbiddenOrError(remove.error)}
        </Alert>
      )}
      <BaseMap
        label="Mapa hoteli w pobliżu maszyny"
        center={position ?? MAP_VIEW.places.center}
        zoom={position ? 9 : MAP_VIEW.places.zoom}
        height={360}
      >
        {position && (
          <Marker position={position} icon={MACHINE_PIN} title={device.name}>
            <Popup>{device.name}</Popup>
          </Marker>
        )}
        {list.map((h) => (
          <Marker key={h.id} position={[h.latitude, h.longitude]} icon={HOTEL_PIN} title={h.name}>
            <Popup>
              <strong>{h.name}</strong>
              <br />
              {formatKm(h.distance)}
            </Popup>
          </Marker>
        ))}
      </BaseMap>
      {position && (
        // On a phone the table scrolls sideways inside the tab, not the page.
        <Table.ScrollContainer minWidth={600}>
          <Table striped aria-label="Hotele w pobliżu">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nazwa</Table.Th>
                <Table.Th>Adres</Table.Th>
                <Table.Th>Telefon</Table.Th>
                <Table.Th ta="right">Odległość</Table.Th>
                <Table.Th className={STICKY_END}>
                  <VisuallyHidden>Akcje</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>{hotels.isPending ? MSG.loading : MSG.noData}</Table.Td>
                </Table.Tr>
              )}
              {list.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{h.name}</Table.Td>
                  <Table.Td>
                    {[h.streetAddress, `${h.zipCode} ${h.city}`.trim()].filter(Boolean).join(', ')}
                  </Table.Td>
                  <Table.Td>{h.phone}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatKm(h.distance)}
                  </Table.Td>
                  <Table.Td className={STICKY_END}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon aria-label={`Edytuj hotel: ${h.name}`} onClick={() => setEditing(h)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                      {user.isAdmin && (
                        <ActionIcon
                          color="red"
                          aria-label={`Usuń hotel: ${h.name}`}
                          onClick={() =>
                            confirmDelete({
                              what: `hotel „${h.name}”`,
                              onConfirm: () =>
                                remove.mutate(h.id, {
                                  onSuccess: () =>
                                    notifications.show({ color: 'green', message: PLACES_MSG.hotelDeleted }),
                                }),
                            })
                          }
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <HotelModal hotel={editing} near={position} onClose={() => setEditing(null)} />
    </Stack>
  );
}
