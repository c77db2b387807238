import { Box, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { LABEL_SHEET_LAYOUT, labelPrintSize } from '@serwis/domain';
import './label-sheet-picker.css';

const PLACES = Array.from({ length: LABEL_SHEET_LAYOUT.perSheet }, (_, i) => i + 1);

type PlaceState = 'used' | 'printed' | 'free';

function placeState(place: number, first: number, count: number | undefined): PlaceState {
  if (place < first) return 'used';
  // An unknown count (the whole list) fills the rest of the sheet at the least.
  return count === undefined || place < first + count ? 'printed' : 'free';
}

const STATE_TEXT: Record<PlaceState, string> = {
  used: 'zużyta',
  printed: 'ten wydruk',
  free: 'wolna',
};

/**
 * The A4 sheet of 3 × 8 labels drawn small, place by place: a click (or tap) on a place starts the
 * print there, for a sheet already partly used. The places before it show as used, the ones this
 * print takes (`count` labels) as printed.
 */
export function LabelSheetPicker(props: {
  first: number;
  count?: number;
  onChange: (first: number) => void;
}) {
  return (
    <Group align="flex-start" gap="md">
      <SimpleGrid
        cols={LABEL_SHEET_LAYOUT.columns}
        spacing={4}
        verticalSpacing={4}
        className="serwis-label-sheet"
        role="group"
        aria-label="Arkusz naklejek: pierwsza wolna naklejka"
      >
        {PLACES.map((place) => {
          const state = placeState(place, props.first, props.count);
          return (
            <UnstyledButton
              key={place}
              className="serwis-label-place"
              data-state={state}
              aria-pressed={place === props.first}
              aria-label={`Naklejka ${place} (${STATE_TEXT[state]})`}
              onClick={() => props.onChange(place)}
            >
              {place}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Box style={{ flex: '1 1 220px' }}>
        <Text size="sm">Kliknij na arkuszu pierwszą wolną naklejkę, gdy część arkusza jest już zużyta.</Text>
        <Text size="sm" mt="xs">
          {`Wydruk zacznie się od naklejki ${props.first}.`}
        </Text>
        {props.count !== undefined && props.count > 0 && (
          <Text size="sm" mt="xs">{`Wydruk: ${labelPrintSize(props.first, props.count)}.`}</Text>
        )}
        <Group gap={6} mt="xs" aria-hidden>
          <span className="serwis-label-swatch" data-state="used" />
          <Text size="xs">zużyte</Text>
          <span className="serwis-label-swatch" data-state="printed" />
          <Text size="xs">ten wydruk</Text>
        </Group>
      </Box>
    </Group>
  );
}
