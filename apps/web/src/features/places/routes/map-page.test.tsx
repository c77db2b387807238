import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import L from 'leaflet';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapPoint } from '@serwis/domain';
import { JAN_USER, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { MapPage } from './map-page';

afterEach(() => vi.unstubAllGlobals());

const point = (overrides: Partial<MapPoint>): MapPoint => ({
  id: 1,
  name: 'Laser',
  type: 'INTERNAL',
  status: 'OK',
  categoryId: 3,
  latitude: 52,
  longitude: 19,
  color1: '#2f9e44',
  color2: '#ffffff',
  ...overrides,
});

describe('/map', () => {
  it('on a touch screen leaves room beside the map to scroll the page to its buttons', async () => {
    fakeApi({ 'GET /api/device/with-gps-location-data': { body: [point({ id: 1 })] } });
    const touch = (query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
    });
    vi.stubGlobal('matchMedia', vi.fn(touch));
    renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
    expect(await screen.findByText('Maszyn na mapie: 1')).toBeInTheDocument();
    const map = screen.getByRole('region', { name: 'Mapa maszyn' });
    await waitFor(() => expect(map.getAttribute('style')).toContain('100dvh'));
    // Its zoom buttons are named in Polish.
    expect(within(map).getByRole('button', { name: 'Przybliż' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Oddal' })).toBeInTheDocument();
  });

  it('shows the legend, filters by family, status and category, and names the public address', async () => {
    fakeApi({
      'GET /api/map/config': {
        body: {
          tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
          attribution: 'Kafelki testowe',
          hotelRadiusKm: 50,
          geocoding: true,
          publicMapPath: '/api/storage/download-public-file?fileName=machines-map.png',
        },
      },
      'GET /api/category/findAll': {
        body: [
          { id: 3, name: 'Lasery' },
          { id: 4, name: 'Prasy' },
        ],
      },
      'GET /api/device/with-gps-location-data': {
        body: [
          point({ id: 1 }),
          point({ id: 2, name: 'Prasa obca', type: 'EXTERNAL', status: 'BROKEN', categoryId: 4 }),
          point({ id: 3, name: 'Piec', status: 'BROKEN' }),
        ],
      },
    });
    const view = renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
    expect(await screen.findByText('Maszyn na mapie: 3')).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Legenda' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Produkcja',
      'Transport',
      'Instalacja',
      'Ok',
      'W naprawie',
      'Usterka',
      'Awaria',
      'Pilna awaria',
    ]);
    expect(screen.getByRole('button', { name: 'Zrób zrzut mapy dla strony www' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Pobierz aktualną wersję mapy' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/storage/download-public-file?fileName=machines-map.png'),
    );
    expect(
      screen.getByText('http://localhost:3000/api/storage/download-public-file?fileName=machines-map.png'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Awaria' }));
    expect(await screen.findByText('Maszyn na mapie: 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Rodzaj' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Maszyny' }));
    expect(await screen.findByText('Maszyn na mapie: 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Kategoria' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Prasy' }));
    await waitFor(() => expect(screen.getByText('Maszyn na mapie: 0')).toBeInTheDocument());

    // Back from a machine's card the map opened: the filters are as they were.
    view.unmount();
    renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
    expect(await screen.findByText('Maszyn na mapie: 0')).toBeInTheDocument();
    // The category's name shows once the categories are loaded.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Kategoria' })).toHaveValue('Prasy'));
    expect(screen.getByRole('combobox', { name: 'Rodzaj' })).toHaveValue('Maszyny');
  });
});

describe('/map markers', () => {
  it('clusters into a group already on the map, and each marker opens its popup with the card link', async () => {
    // Added before the group is on the map, markercluster 1.5.3 scans its growing queue for each
    // marker (O(n²): seconds for 30,000 machines).
    const original = L.MarkerClusterGroup.prototype.addLayers;
    const onMap: boolean[] = [];
    const addLayers = vi.spyOn(L.MarkerClusterGroup.prototype, 'addLayers').mockImplementation(function (
      this: L.MarkerClusterGroup,
      ...args
    ) {
      onMap.push(Boolean((this as unknown as { _map?: L.Map })._map));
      return original.apply(this, args);
    });
    // jsdom lays nothing out: a map of 0×0 px would show no marker.
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    try {
      // The filters the test above left in the tab's storage.
      sessionStorage.clear();
      fakeApi({
        'GET /api/device/with-gps-location-data': {
          body: [
            point({ id: 1, latitude: 51.97, longitude: 19.18 }),
            point({ id: 2, name: 'Prasa obca', type: 'EXTERNAL', latitude: 51.5, longitude: 19.9 }),
          ],
        },
      });
      renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
      fireEvent.click(await screen.findByTitle('Laser'));
      const link = await screen.findByRole('link', { name: 'Otwórz kartę maszyny' });
      expect(link).toHaveAttribute('href', expect.stringContaining('id=1'));
      expect(screen.getByTitle('Prasa obca')).toBeInTheDocument();
      expect(onMap.length).toBeGreaterThan(0);
      expect(onMap.every(Boolean)).toBe(true);
    } finally {
      addLayers.mockRestore();
      width.mockRestore();
      height.mockRestore();
    }
  });
});
