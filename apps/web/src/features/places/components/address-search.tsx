import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, TextInput, UnstyledButton, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type GeocodeResult, PLACES_MSG } from '@serwis/domain';
import { ApiError } from '../../../lib/api-client';
import { geocode, useGeocoding } from '../api/places';

/** The Polish reason a search failed: the server's own message, or "unavailable" when offline. */
export function geocodeError(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500 && error.status !== 404)
    return error.message;
  if (error instanceof ApiError && error.status === 503) return error.message;
  return PLACES_MSG.geocodeUnavailable;
}

/** "Wpisz adres aby wyszukać...": results from the server's geocoder; picking one moves the pin. */
export function AddressSearch({
  onPick,
  onSearch,
  extra,
  typedCoordinates = false,
}: {
  onPick: (result: GeocodeResult) => void;
  /** The form beside it has coordinate fields (a machine's position), which its messages then name. */
  typedCoordinates?: boolean;
  /** A search starts: a message of the screen's own about a position is no longer current. */
  onSearch?: () => void;
  /** Another way to a position, beside "Szukaj" (the device's own position in the hotel dialog). */
  extra?: ReactNode;
}) {
  // A server without a geocoder (GEOCODER_URL empty) says so up front instead of failing each search.
  const geocoding = useGeocoding();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<GeocodeResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!q.trim()) return;
    onSearch?.();
    setBusy(true);
    setError(null);
    try {
      const found = await geocode(q);
      setResults(found);
      if (found.length === 1) onPick(found[0]);
    } catch (e) {
      setResults(null);
      const message = geocodeError(e);
      setError(
        message === PLACES_MSG.geocodeUnavailable && !typedCoordinates
          ? PLACES_MSG.geocodeUnavailableOnMap
          : message,
      );
    } finally {
      setBusy(false);
    }
  };
  // Nothing until the server says whether it searches: a search bar that then vanished misled.
  if (geocoding === undefined) return null;
  if (!geocoding) {
    return (
      <Group gap="xs" align="center">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 200px' }}>
          {typedCoordinates ? PLACES_MSG.geocodingOff : PLACES_MSG.geocodingOffOnMap}
        </Text>
        {extra}
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      {/* No <form>: the search sits inside the hotel and branch forms, and forms must not nest. */}
      <Group gap="xs" align="flex-end">
        <TextInput
          label="Wyszukaj adres"
          placeholder="Wpisz adres aby wyszukać..."
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void run();
          }}
          maxLength={200}
          style={{ flex: '1 1 200px' }}
        />
        <Button
          type="button"
          leftSection={<IconSearch size={16} />}
          loading={busy}
          variant="light"
          onClick={() => void run()}
        >
          Szukaj
        </Button>
        {extra}
      </Group>
      {error && (
        <Alert color="orange" role="alert">
          {error}
        </Alert>
      )}
      {results && results.length === 0 && <Text size="sm">{PLACES_MSG.geocodeNothingFound}</Text>}
      {results && results.length > 1 && (
        <Stack gap={2} role="list" aria-label="Wyniki wyszukiwania">
          {results.map((r) => (
            <UnstyledButton
              key={`${r.latitude},${r.longitude},${r.label}`}
              role="listitem"
              onClick={() => {
                onPick(r);
                setResults(null);
              }}
            >
              <Text size="sm" c="blue">
                {r.label}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
