import { memo, useState } from 'react';
import { Alert, Anchor, Box, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery, useSessionStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconDownload } from '@tabler/icons-react';
import { MACHINE_STATUSES, MAP_VIEW, PUBLIC_MAP_SIZE, PLACES_MSG, polishCount } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCategoryOptions } from '../../machines/api/lookups';
import { useMapConfig, useMapPoints, useUploadMapSnapshot } from '../api/places';
import { BaseMap } from '../components/base-map';
import { STATUS_MARKS } from '../components/status-marks';
import { ClusterLayer } from '../components/cluster-layer';
import { MapFilters } from '../components/map-filters';
import { renderMapSnapshot } from '../components/snapshot';
import { useMapIndex } from '../components/use-map-index';

/**
 * On a touch screen the map leaves room to scroll the page past it (to its buttons): 1,100 px of map
 * filled a tablet's screen, and every swipe then moved the map instead of the page.
 */
const TOUCH_MAP_HEIGHT = `min(${PUBLIC_MAP_SIZE}px, calc(100dvh - 200px))`;

/** The statuses' colours; never drawn again (the page is, at each count the worker answers). */
const Legend = memo(function Legend() {
  return (
    <Group gap="md" aria-label="Legenda" role="list">
      {MACHINE_STATUSES.map((s) => (
        <Group key={s.name} gap={6} role="listitem">
          <Box
            w={22}
            h={22}
            aria-hidden
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              borderRadius: '50%',
              background: s.colorBackground,
              border: `2px solid ${s.colorText}`,
              color: s.colorText,
              fontSize: s.name === 'DANGER' ? 9 : 11,
              fontWeight: 700,
              lineHeight: 1,
              forcedColorAdjust: 'none',
            }}
          >
            {STATUS_MARKS[s.name]}
          </Box>
          <Text size="sm">{s.label}</Text>
        </Group>
      ))}
    </Group>
  );
});

const useMapFilter = (name: string) =>
  useSessionStorage<string | null>({
    key: `map:${name}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });

/** /map: every positioned machine in its status colours, and the website's map image. */
export function MapPage() {
  const points = useMapPoints();
  const config = useMapConfig();
  const coarsePointer = useMediaQuery('(pointer: coarse)');
  const categories = useCategoryOptions();
  const upload = useUploadMapSnapshot();
  // The filters stay for the browser tab, as the lists' do: back from a card the map opened, they
  // are as they were.
  const [family, setFamily] = useMapFilter('family');
  const [status, setStatus] = useMapFilter('status');
  const [category, setCategory] = useMapFilter('category');
  const [rendering, setRendering] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [version, setVersion] = useState(() => Date.now());

  // The machines are decoded, filtered and grouped off the page's thread (use-map-index.ts).
  const machines = useMapIndex(points.data, { family, status, category });
  const loadFailure = points.isError ? points.error : machines.failure;
  const publicPath =
    config.data?.publicMapPath ?? '/api/storage/download-public-file?fileName=machines-map.png';
  const publicUrl = `${window.location.origin}${publicPath}`;
  // Unknown (the configuration not read yet, or failed) counts as made.
  const published = config.data?.publicMapMade !== false;

  const snapshot = async () => {
    setFailure(null);
    setRendering(true);
    try {
      // Every machine goes on the website's image, whatever the screen's filters show.
      const base64 = await renderMapSnapshot(await machines.index.everyMachine(), config.data?.tileUrl);
      await upload.mutateAsync(base64);
      setVersion(Date.now());
      notifications.show({ color: 'green', message: PLACES_MSG.publicFileSaved });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setRendering(false);
    }
  };

  return (
    <Stack>
      <PageHeader title="Mapa maszyn" backTo={paths.home} />
      <ErrorBanner message={loadFailure ? errorMessage(loadFailure) : null} />
      <Group align="flex-end">
        <MapFilters
          family={family}
          status={status}
          category={category}
          onFamily={setFamily}
          onStatus={setStatus}
          onCategory={setCategory}
          categories={categories.data}
        />
        <Text size="sm" pb={8}>
          {/* "…" while the filter's machines are counted: never the count of another filter. */}
          Maszyn na mapie: {machines.shown ? polishCount(machines.shown.count) : '…'}
        </Text>
      </Group>
      <Legend />
      <Group align="flex-start" gap="md">
        <BaseMap
          label="Mapa maszyn"
          center={MAP_VIEW.machines.center}
          zoom={MAP_VIEW.machines.zoom}
          width={PUBLIC_MAP_SIZE}
          height={coarsePointer ? TOUCH_MAP_HEIGHT : PUBLIC_MAP_SIZE}
        >
          <ClusterLayer index={machines.index} shown={machines.shown} />
        </BaseMap>
        <Stack maw={320}>
          <Button
            leftSection={<IconCamera size={16} />}
            onClick={() => void snapshot()}
            disabled={rendering || !points.data || Boolean(loadFailure)}
          >
            {rendering ? '...trwa generowanie' : 'Zrób zrzut mapy dla strony www'}
          </Button>
          {published ? (
            <Button
              component="a"
              variant="default"
              leftSection={<IconDownload size={16} />}
              href={`${publicPath}&v=${version}`}
              download="machines-map.png"
            >
              Pobierz aktualną wersję mapy
            </Button>
          ) : (
            <>
              <Button variant="default" leftSection={<IconDownload size={16} />} disabled>
                Pobierz aktualną wersję mapy
              </Button>
              <Text size="sm" c="dimmed">
                {PLACES_MSG.publicMapMissing}
              </Text>
            </>
          )}
          <Text size="sm">Publiczny adres mapy:</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {publicUrl}
          </Code>
          <Anchor href={publicPath} target="_blank" size="sm" className="touch-link">
            Otwórz w nowej karcie
          </Anchor>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
