import { useState, type ClipboardEvent } from 'react';
import type { Marker as LeafletMarker } from 'leaflet';
import { Marker } from 'react-leaflet';
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMapPin } from '@tabler/icons-react';
import {
  coordinatesInText,
  MAP_VIEW,
  MSG,
  type Device,
  latitude as latitudeRule,
  longitude as longitudeRule,
  PLACES_MSG,
} from '@serwis/domain';
import { useMachine } from '../../machines/api/machines';
import { forbiddenOrError } from '../../machines/components/tabs/tab-errors';
import { geocode, useGeocoding, useSaveGpsLocation } from '../api/places';
import { AddressSearch, geocodeError } from './address-search';
import { BaseMap, dotIcon, round, type LatLng } from './base-map';
import { DevicePositionButton } from './device-position-button';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useTabChanges } from '../../../lib/tab-changes';

const PIN = dotIcon('#1c7ed6', '#ffffff', 28);

/** "Lokalizacja": click or drag to place, search an address, type the numbers; save → "Zapisano". */
export function LocationTab({ deviceId }: { deviceId: number }) {
  const machine = useMachine(deviceId);
  if (!machine.data) return <Text size="sm">{MSG.loading}</Text>;
  return <LocationEditor device={machine.data} />;
}

function LocationEditor({ device }: { device: Device }) {
  const save = useSaveGpsLocation(device.id);
  const geocoding = useGeocoding();
  // As the fields show it (6 decimals, about 10 cm): a position kept with 14 decimals counted as
  // changed once a field was left, which rounds it, and leaving the screen asked about it.
  const stored =
    device.gpsLatitude !== null && device.gpsLongitude !== null
      ? { latitude: round(device.gpsLatitude), longitude: round(device.gpsLongitude) }
      : null;
  const [position, setPosition] = useState<LatLng | null>(stored);
  const [focus, setFocus] = useState<{ center: [number, number]; zoom?: number } | null>(null);
  const [saved, setSaved] = useState(false);
  const [addressError, setAddressError] = useState<string | null>(null);
  const [lat, setLat] = useState<string | number>(stored?.latitude ?? '');
  const [lon, setLon] = useState<string | number>(stored?.longitude ?? '');
  const [accuracy, setAccuracy] = useState<number | null>(null);
  // A position picked or typed and not saved asks before the screen is left.
  const moved =
    String(lat) !== String(stored?.latitude ?? '') || String(lon) !== String(stored?.longitude ?? '');
  useUnsavedChanges(moved && !saved);
  // …and before another tab of the card is chosen: this tab, and its position, would go.
  useTabChanges(moved && !saved);

  const place = (picked: LatLng, move = false) => {
    const next = { latitude: round(picked.latitude), longitude: round(picked.longitude) };
    setAccuracy(null);
    setPosition(next);
    setLat(next.latitude);
    setLon(next.longitude);
    setSaved(false);
    if (move) setFocus({ center: [next.latitude, next.longitude], zoom: 14 });
  };

  // A pair or a map link pasted into either field fills both and moves the marker.
  const pastedPair = (event: ClipboardEvent<HTMLInputElement>) => {
    const pair = coordinatesInText(event.clipboardData.getData('text'));
    if (!pair) return;
    event.preventDefault();
    place(pair, true);
  };

  const latValid = lat === '' || latitudeRule.safeParse(lat).success;
  const lonValid = lon === '' || longitudeRule.safeParse(lon).success;
  const typed = () => {
    if (lat === '' || lon === '' || !latValid || !lonValid) return;
    const next = { latitude: round(Number(lat)), longitude: round(Number(lon)) };
    // A field left as it was: the marker and the map stay where they are.
    if (position && next.latitude === position.latitude && next.longitude === position.longitude) return;
    place(next, true);
  };

  const fromMachineAddress = async () => {
    setAddressError(null);
    const address = [device.streetAddress, `${device.zipCode} ${device.city}`.trim()]
      .filter(Boolean)
      .join(', ');
    if (!address) {
      setAddressError(MSG.machineAddressMissing);
      return;
    }
    try {
      const [first] = await geocode(address);
      if (!first) setAddressError(PLACES_MSG.geocodeNothingFound);
      else place({ latitude: first.latitude, longitude: first.longitude }, true);
    } catch (error) {
      setAddressError(geocodeError(error));
    }
  };

  const start: [number, number] = stored ? [stored.latitude, stored.longitude] : MAP_VIEW.places.center;
  const startZoom = stored ? 13 : MAP_VIEW.places.zoom;

  return (
    <Stack>
      <AddressSearch
        typedCoordinates
        onPick={(r) => place({ latitude: r.latitude, longitude: r.longitude }, true)}
        onSearch={() => setAddressError(null)}
      />
      {/* Keeps its line once a position is chosen: typed coordinates take effect as the field is left,
          and a line vanishing then moved the save button away from under the finger pressing it. */}
      <Text c="dimmed" style={position ? { visibility: 'hidden' } : undefined} aria-hidden={!!position}>
        {PLACES_MSG.chooseLocationPrompt}
      </Text>
      <BaseMap
        label="Mapa lokalizacji maszyny"
        center={start}
        zoom={startZoom}
        height={420}
        onPick={(p) => place(p)}
        focus={focus}
      >
        {position && (
          <Marker
            position={[position.latitude, position.longitude]}
            icon={PIN}
            title={PLACES_MSG.machinePositionMarker}
            draggable
            eventHandlers={{
              dragend: (event) => {
                const ll = (event.target as LeafletMarker).getLatLng();
                place({ latitude: round(ll.lat), longitude: round(ll.lng) });
              },
            }}
          />
        )}
      </BaseMap>
      <Group align="flex-end">
        <NumberInput
          label="Szerokość geograficzna"
          value={lat}
          onChange={setLat}
          onBlur={typed}
          onPaste={pastedPair}
          decimalScale={6}
          clampBehavior="none"
          min={-90}
          max={90}
          error={latValid ? null : PLACES_MSG.latitudeInvalid}
          w={200}
        />
        <NumberInput
          label="Długość geograficzna"
          value={lon}
          onChange={setLon}
          onBlur={typed}
          onPaste={pastedPair}
          decimalScale={6}
          clampBehavior="none"
          min={-180}
          max={180}
          error={lonValid ? null : PLACES_MSG.longitudeInvalid}
          w={200}
        />
        {geocoding && (
          <Button
            variant="default"
            leftSection={<IconMapPin size={16} />}
            onClick={() => void fromMachineAddress()}
          >
            Ustaw z adresu maszyny
          </Button>
        )}
        <DevicePositionButton
          onLocated={(here) => {
            setAddressError(null);
            place(here, true);
            setAccuracy(here.accuracy);
          }}
          onError={setAddressError}
        />
        <Button
          loading={save.isPending}
          // Nothing chosen or changed: there is nothing to save (and no "Zapisano" to show).
          disabled={!moved || !latValid || !lonValid || (lat === '') !== (lon === '')}
          onClick={() => {
            const next =
              lat === ''
                ? { latitude: null, longitude: null }
                : { latitude: Number(lat), longitude: Number(lon) };
            save.mutate(next, {
              onSuccess: () => {
                setSaved(true);
                notifications.show({ color: 'green', message: MSG.saved });
              },
            });
          }}
        >
          Zapisz lokalizację
        </Button>
      </Group>
      {accuracy !== null && (
        <Text size="sm" c="dimmed">
          {PLACES_MSG.devicePositionAccuracy(accuracy)}
        </Text>
      )}
      {addressError && (
        <Alert color="orange" role="alert">
          {addressError}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" role="alert">
          {forbiddenOrError(save.error)}
        </Alert>
      )}
      {saved && (
        <Text c="green" role="status" aria-label="Wynik zapisu">
          {MSG.saved}
        </Text>
      )}
    </Stack>
  );
}
