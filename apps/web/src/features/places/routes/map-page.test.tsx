import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_VIEW, MSG, PUBLIC_MAP_SIZE, type MapPoint, PLACES_MSG } from '@serwis/domain';
import { JAN_USER, fakeApi } from '../../../../test/fake-api';
import { giveElementsASize } from '../../../../test/map-size';
import { renderScreen } from '../../../../test/render-screen';
import { sampleMapConfig, sampleMapPoint } from '../../../../test/samples';
import { project } from '../components/snapshot';
import { MapPage } from './map-page';

afterEach(() => vi.unstubAllGlobals());

const point = sampleMapPoint;

/** A popup's status line ("Status: " and its badge), found by the words it reads as. */
const statusLine = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'DIV' && element.textContent === text;

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
      'GET /api/map/config': { body: sampleMapConfig() },
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
      // Each with its marker's sign, so that a status is told without its colour.
      'PProdukcja',
      'TTransport',
      'IInstalacja',
      '✓Ok',
      'WW naprawie',
      'UUsterka',
      '!Awaria',
      '!!Pilna awaria',
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
  // jsdom lays nothing out: the map is given 800×600 px, or it would show nothing.
  giveElementsASize(800, 600);
  // The filters the tests above left in the tab's storage.
  beforeEach(() => sessionStorage.clear());

  const showMap = (points: MapPoint[]) => {
    fakeApi({ 'GET /api/device/with-gps-location-data': { body: points } });
    renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
    return screen.findByText(`Maszyn na mapie: ${points.length}`);
  };
  const groups = () => screen.queryAllByRole('button', { name: /^Grupa maszyn/ });
  // Four machines on a square of 24 px at the map's zoom 7 (one group), 48 px at zoom 8 (apart).
  const square = [
    point({ id: 11, name: 'Tokarka', latitude: 51.97, longitude: 19.18 }),
    point({ id: 12, name: 'Frezarka', latitude: 51.97, longitude: 19.444 }),
    point({ id: 13, name: 'Szlifierka', latitude: 51.808, longitude: 19.18 }),
    point({ id: 14, name: 'Wiertarka', latitude: 51.808, longitude: 19.444 }),
  ];
  const squareNames = square.map((p) => p.name);

  it('shows machines far apart one by one, in their colours, each with a popup to its card', async () => {
    await showMap([
      point({ id: 1, latitude: 51.97, longitude: 19.18 }),
      point({
        id: 2,
        name: 'Prasa obca',
        type: 'EXTERNAL',
        status: 'BROKEN',
        latitude: 51.5,
        longitude: 19.9,
        color1: '#c92a2a',
      }),
    ]);
    const laser = await screen.findByTitle('Laser');
    expect(groups()).toEqual([]);
    // 40×40, in the machine's two colours.
    expect(laser.innerHTML).toContain('width:40px;height:40px');
    expect(laser.innerHTML).toContain('background:#2f9e44;border:5px solid #ffffff');
    expect(screen.getByTitle('Prasa obca').innerHTML).toContain('background:#c92a2a');

    fireEvent.click(screen.getByTitle('Prasa obca'));
    const external = (await screen.findByText(statusLine('Status: Awaria'))).parentElement!;
    // The status is the lists' badge: its word in the reference colours.
    const badge = within(external).getByText('Awaria');
    expect(badge).toHaveClass('serwis-map-status');
    expect(badge.style.backgroundColor).not.toBe('');
    expect(within(external).getByText('Prasa obca')).toBeInTheDocument();
    expect(within(external).getByRole('link', { name: 'Otwórz kartę maszyny' })).toHaveAttribute(
      'href',
      '/machineExternalEdit?id=2&prev=map',
    );

    fireEvent.click(laser);
    const popup = (await screen.findByText(statusLine('Status: Ok'))).parentElement!;
    expect(within(popup).getByText('Laser')).toBeInTheDocument();
    const link = within(popup).getByRole('link', { name: 'Otwórz kartę maszyny' });
    expect(link).toHaveAttribute('href', '/machineEdit?id=1&prev=map');
    // Inside the app, without reloading it.
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/machineEdit?id=1&prev=map');
  });

  it('groups machines close together into one badge with their count', async () => {
    const close = Array.from({ length: 12 }, (_, i) =>
      point({
        id: 100 + i,
        name: `Maszyna ${i + 1}`,
        latitude: 51.9 + (i % 4) * 0.001,
        longitude: 19.1 + i * 0.001,
      }),
    );
    await showMap([...close, point({ id: 1, latitude: 51.5, longitude: 19.9 })]);
    const badge = await screen.findByRole('button', { name: 'Grupa maszyn: 12' });
    expect(badge).toHaveTextContent(/^12$/);
    expect(badge).toHaveClass('serwis-cluster', 'serwis-cluster-some');
    // The one machine apart stays a marker of its own.
    expect(screen.getByTitle('Laser')).toBeInTheDocument();
    expect(groups()).toHaveLength(1);
    expect(screen.queryByTitle('Maszyna 1')).toBeNull();
  });

  it('a click on a group zooms in to where its machines show one by one', async () => {
    await showMap(square);
    fireEvent.click(await screen.findByRole('button', { name: 'Grupa maszyn: 4' }));
    for (const name of squareNames) expect(await screen.findByTitle(name)).toBeInTheDocument();
    expect(groups()).toEqual([]);
  });

  it('a group is reached with Tab and opened with Enter', async () => {
    await showMap(square);
    const badge = await screen.findByRole('button', { name: 'Grupa maszyn: 4' });
    expect(badge).toHaveAttribute('tabindex', '0');
    // Past the map itself and its + and − buttons.
    for (let i = 0; i < 10 && document.activeElement !== badge; i++) await userEvent.tab();
    expect(badge).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    for (const name of squareNames) expect(await screen.findByTitle(name)).toBeInTheDocument();
    expect(groups()).toEqual([]);
  });

  it('names each machine marker with its status, not by its colour alone', async () => {
    await showMap([
      point({ id: 1, latitude: 51.97, longitude: 19.18 }),
      point({ id: 2, name: 'Prasa', status: 'BROKEN', latitude: 51.5, longitude: 19.9 }),
    ]);
    expect(await screen.findByRole('button', { name: 'Laser, status: Ok' })).toBe(screen.getByTitle('Laser'));
    expect(screen.getByRole('button', { name: 'Prasa, status: Awaria' })).toBe(screen.getByTitle('Prasa'));
    // And shows it by a sign as well as a colour, as the legend does.
    expect(screen.getByTitle('Laser').textContent).toBe('✓');
    expect(screen.getByTitle('Prasa').textContent).toBe('!');
  });

  it('opened by Enter, a popup takes the focus; Escape or its Polish close button gives it back', async () => {
    await showMap([
      point({ id: 1, latitude: 51.97, longitude: 19.18 }),
      point({ id: 2, name: 'Prasa', status: 'BROKEN', latitude: 51.5, longitude: 19.9 }),
    ]);
    const laser = await screen.findByRole('button', { name: 'Laser, status: Ok' });
    laser.focus();
    // Leaflet opens a popup on a keypress of keyCode 13, which user-event's Enter does not give.
    fireEvent.keyPress(laser, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    const link = await screen.findByRole('link', { name: 'Otwórz kartę maszyny' });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', '/machineEdit?id=1&prev=map');
    // The close button comes next, named in Polish.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Zamknij' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Close popup' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Otwórz kartę maszyny' })).toBeNull();
    expect(laser).toHaveFocus();

    // A click opens it as well; its close button closes it and the focus is back on the marker.
    const press = screen.getByRole('button', { name: 'Prasa, status: Awaria' });
    fireEvent.click(press);
    expect(await screen.findByRole('link', { name: 'Otwórz kartę maszyny' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('link', { name: 'Otwórz kartę maszyny' })).toBeNull();
    expect(press).toHaveFocus();
  });

  it('after Enter on a group, the focus is on one of its machines, and the map is named', async () => {
    await showMap(square);
    // The map itself takes the focus (Tab) under its Polish name, not as its badges' digits.
    const map = screen.getByRole('group', { name: 'Mapa maszyn' });
    expect(map).toHaveClass('leaflet-container');
    expect(map).toHaveAttribute('tabindex', '0');
    const badge = await screen.findByRole('button', { name: 'Grupa maszyn: 4' });
    badge.focus();
    await userEvent.keyboard('{Enter}');
    for (const name of squareNames) expect(await screen.findByTitle(name)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toHaveAttribute('aria-label', expect.stringMatching(/, status: Ok$/)),
    );
    expect(squareNames).toContain(document.activeElement?.getAttribute('title'));
  });

  it('a group of one spot lists its machines with the focus on the first, and gives it back on Escape', async () => {
    await showMap([
      point({ id: 21, name: 'Prasa A', latitude: 50.06, longitude: 19.94 }),
      point({ id: 22, name: 'Prasa B', latitude: 50.06, longitude: 19.94 }),
    ]);
    const badge = await screen.findByRole('button', { name: 'Grupa maszyn: 2' });
    badge.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Prasa A' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Prasa A' })).toBeNull();
    expect(badge).toHaveFocus();
  });

  it('lists the machines of one spot, which no zoom parts', async () => {
    await showMap([
      point({ id: 21, name: 'Prasa A', latitude: 50.06, longitude: 19.94 }),
      point({
        id: 22,
        name: 'Prasa B',
        type: 'EXTERNAL',
        status: 'BROKEN',
        latitude: 50.06,
        longitude: 19.94,
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Grupa maszyn: 2' }));
    expect(await screen.findByText('Maszyn w tym miejscu: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prasa A' })).toHaveAttribute(
      'href',
      '/machineEdit?id=21&prev=map',
    );
    expect(screen.getByRole('link', { name: 'Prasa B' })).toHaveAttribute(
      'href',
      '/machineExternalEdit?id=22&prev=map',
    );
    expect(screen.getByText(statusLine('Status: Awaria'))).toBeInTheDocument();
  });

  it('has in the page only the machines in view, and draws them again after a zoom', async () => {
    await showMap([
      point({ id: 1, latitude: 51.97, longitude: 19.18 }),
      point({ id: 2, name: 'Obok', latitude: 51.97, longitude: 20.5 }),
      point({ id: 3, name: 'Madryt', latitude: 40.42, longitude: -3.7 }),
    ]);
    expect(await screen.findByTitle('Laser')).toBeInTheDocument();
    expect(screen.getByTitle('Obok')).toBeInTheDocument();
    expect(screen.queryByTitle('Madryt')).toBeNull();
    const zoomIn = screen.getByRole('button', { name: 'Przybliż' });
    for (let i = 0; i < 3; i++) fireEvent.click(zoomIn);
    // 1.3° east of the centre is off a zoom-10 view of 800 px.
    await waitFor(() => expect(screen.queryByTitle('Obok')).toBeNull());
    expect(screen.getByTitle('Laser')).toBeInTheDocument();
  });

  it('back on the map from a machine’s card, shows the kept list again without fetching it', async () => {
    const fake = fakeApi({
      'GET /api/device/with-gps-location-data': {
        body: [
          point({ id: 1, latitude: 51.97, longitude: 19.18 }),
          point({ id: 2, name: 'Prasa', latitude: 51.5, longitude: 19.9, status: 'BROKEN' }),
        ],
      },
    });
    function Card() {
      const navigate = useNavigate();
      return <button onClick={() => void navigate('/map')}>Wróć do mapy</button>;
    }
    renderScreen(<MapPage />, { url: '/map', session: JAN_USER, routes: { '/machineEdit': <Card /> } });
    fireEvent.click(await screen.findByTitle('Laser'));
    await userEvent.click(await screen.findByRole('link', { name: 'Otwórz kartę maszyny' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Wróć do mapy' }));
    expect(await screen.findByText('Maszyn na mapie: 2')).toBeInTheDocument();
    expect(await screen.findByTitle('Prasa')).toBeInTheDocument();
    expect(screen.getByTitle('Laser')).toBeInTheDocument();
    expect(fake.callsTo('GET', '/api/device/with-gps-location-data')).toHaveLength(1);
  });
});

describe('/map: the point list', () => {
  beforeEach(() => sessionStorage.clear());

  it('offers no download of the website’s image before one was made, and says how to make it', async () => {
    fakeApi({
      'GET /api/device/with-gps-location-data': { body: [point({ id: 1 })] },
      'GET /api/map/config': { body: sampleMapConfig({ publicMapMade: false }) },
    });
    renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
    expect(await screen.findByText(PLACES_MSG.publicMapMissing)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pobierz aktualną wersję mapy' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Pobierz aktualną wersję mapy' })).toBeNull();
  });

  it('shows the server’s refusal in Polish, and offers no image of an empty map', async () => {
    fakeApi({
      'GET /api/device/with-gps-location-data': {
        status: 500,
        body: { message: 'Wystąpił błąd serwera. Spróbuj ponownie.' },
      },
    });
    renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
    expect(await screen.findByRole('alert')).toHaveTextContent('Wystąpił błąd serwera. Spróbuj ponownie.');
    expect(screen.getByText('Maszyn na mapie: …')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zrób zrzut mapy dla strony www' })).toBeDisabled();
  });

  it('says "Błąd połączenia z serwerem." for an answer that is no list of machines, not an empty map', async () => {
    for (const body of ['<html>Zaloguj się do sieci Wi-Fi</html>', { message: 'ok' }]) {
      fakeApi({ 'GET /api/device/with-gps-location-data': { body } });
      const view = renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.connectionError);
      expect(screen.queryByText('Maszyn na mapie: 0')).toBeNull();
      expect(screen.getByRole('button', { name: 'Zrób zrzut mapy dla strony www' })).toBeDisabled();
      view.unmount();
    }
  });
});

describe('/map: the website’s image', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  /** A canvas that notes each marker drawn: its centre and its two colours, in order. */
  function recordingCanvas() {
    const drawn: { x: number; y: number; fill: string; stroke: string }[] = [];
    let at = { x: 0, y: 0 };
    const context = {
      fillStyle: '',
      strokeStyle: '',
      lineWidth: 0,
      fillRect: vi.fn(),
      drawImage: vi.fn(),
      beginPath: vi.fn(),
      arc: (x: number, y: number) => {
        at = { x, y };
      },
      fill() {
        drawn.push({ ...at, fill: context.fillStyle, stroke: '' });
      },
      stroke() {
        drawn[drawn.length - 1].stroke = context.strokeStyle;
      },
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    return drawn;
  }

  it('draws every machine in its colours, whatever the filters show, and uploads the image', async () => {
    const machines = [
      point({ id: 1, latitude: 51.97, longitude: 19.18 }),
      point({
        id: 2,
        name: 'Prasa',
        latitude: 51.5,
        longitude: 19.9,
        status: 'BROKEN',
        color1: '#c92a2a',
      }),
      point({
        id: 3,
        name: 'Obca',
        type: 'EXTERNAL',
        latitude: 52.2,
        longitude: 21,
        color2: '#000000',
      }),
      // Off the image (Madrid): drawn nowhere, yet no failure.
      point({ id: 4, name: 'Madryt', latitude: 40.42, longitude: -3.7 }),
    ];
    const fake = fakeApi({
      'GET /api/device/with-gps-location-data': { body: machines },
      'POST /api/storage/upload-public-file': { body: { message: PLACES_MSG.publicFileSaved } },
    });
    const drawn = recordingCanvas();
    renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
    await screen.findByText('Maszyn na mapie: 4');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Awaria' }));
    expect(await screen.findByText('Maszyn na mapie: 1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Zrób zrzut mapy dla strony www' }));
    expect(await screen.findByText(PLACES_MSG.publicFileSaved)).toBeInTheDocument();
    const { center, zoom } = MAP_VIEW.machines;
    const middle = project(center[0], center[1], zoom);
    const expected = machines.slice(0, 3).map((m) => {
      const p = project(m.latitude, m.longitude, zoom);
      return {
        x: p.x - (middle.x - PUBLIC_MAP_SIZE / 2),
        y: p.y - (middle.y - PUBLIC_MAP_SIZE / 2),
        fill: m.color1,
        stroke: m.color2,
      };
    });
    expect(drawn).toHaveLength(3);
    drawn.forEach((dot, i) => {
      expect(dot.x).toBeCloseTo(expected[i].x, 6);
      expect(dot.y).toBeCloseTo(expected[i].y, 6);
      expect(dot).toMatchObject({ fill: expected[i].fill, stroke: expected[i].stroke });
    });
    expect(fake.callsTo('POST', '/api/storage/upload-public-file')[0].body).toEqual({
      name: 'map',
      base64: 'data:image/png;base64,AAAA',
    });
    // The screen's filter is as it was.
    expect(screen.getByText('Maszyn na mapie: 1')).toBeInTheDocument();
  });

  it('offers the download as soon as the first image is made (the configuration read again)', async () => {
    let made = false;
    fakeApi({
      'GET /api/device/with-gps-location-data': { body: [point({ id: 1 })] },
      'GET /api/map/config': () => ({ body: sampleMapConfig({ publicMapMade: made }) }),
      'POST /api/storage/upload-public-file': () => {
        made = true;
        return { body: { message: PLACES_MSG.publicFileSaved } };
      },
    });
    recordingCanvas();
    renderScreen(<MapPage />, { url: '/map', session: JAN_USER });
    await screen.findByText(PLACES_MSG.publicMapMissing);
    await screen.findByText('Maszyn na mapie: 1');
    // The earlier test's notice may still be up: the upload itself is waited for.
    await userEvent.click(screen.getByRole('button', { name: 'Zrób zrzut mapy dla strony www' }));
    await waitFor(() => expect(made).toBe(true), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByText(PLACES_MSG.publicMapMissing)).toBeNull(), {
      timeout: 5000,
    });
    expect(screen.getByRole('link', { name: 'Pobierz aktualną wersję mapy' })).toBeInTheDocument();
  });
});
