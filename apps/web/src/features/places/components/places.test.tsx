import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Branch, type NearbyHotel, PLACES_MSG } from '@serwis/domain';
import { ANNA_ADMIN, EMPTY_LIST, JAN_USER, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleDevice, sampleMapConfig } from '../../../../test/samples';
import { MyAccountPage } from '../../account/routes/my-account-page';
import { HotelsTab } from './hotels-tab';
import { LocationTab } from './location-tab';
import { MachineTabs } from '../../machines/components/machine-tabs';
import { hasUnsavedChanges } from '../../../lib/unsaved-changes';

afterEach(() => vi.unstubAllGlobals());

const CONFIG = { body: sampleMapConfig() };

const hotel = (overrides: Partial<NearbyHotel>): NearbyHotel => ({
  id: 1,
  name: 'Hotel Pod Lipą',
  streetAddress: 'Lipowa 1',
  zipCode: '30-001',
  city: 'Kraków',
  province: 'małopolskie',
  phone: '12 000 00 00',
  email: '',
  www: '',
  description: '',
  latitude: 50.1,
  longitude: 19.9,
  distance: 10,
  ...overrides,
});

/**
 * The browser's geolocation on a secure page: `answer` 'here' gives `coords`, a number fails with
 * that error code (1 refused, 2 unavailable). Asked fresh and precise, as a technician needs.
 */
function stubDevicePosition(coords: { latitude: number; longitude: number; accuracy: number }) {
  const device = {
    answer: 'here' as 'here' | number,
    getCurrentPosition: vi.fn(
      (ok: PositionCallback, fail: PositionErrorCallback, options?: PositionOptions) => {
        expect(options).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 });
        if (device.answer === 'here') ok({ coords } as GeolocationPosition);
        else {
          fail({
            code: device.answer,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError);
        }
      },
    ),
  };
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: { getCurrentPosition: device.getCurrentPosition },
  });
  vi.stubGlobal('isSecureContext', true);
  return device;
}

describe('Lokalizacja tab', () => {
  it('prompts for a position, saves typed coordinates and says "Zapisano"', async () => {
    const fake = fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice() },
      'GET /api/map/config': CONFIG,
      'PATCH /api/device/updateGpsLocation': { body: { message: 'Zapisano' } },
    });
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    expect(await screen.findByText('Wybierz lokalizację na mapie...')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mapa lokalizacji maszyny' })).toBeInTheDocument();
    // Nothing chosen yet: nothing to save, and no "Zapisano" for it.
    expect(screen.getByRole('button', { name: 'Zapisz lokalizację' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Szerokość geograficzna'), '50.0614');
    await userEvent.type(screen.getByLabelText('Długość geograficzna'), '19.9366');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz lokalizację' }));
    expect(await screen.findByRole('status', { name: 'Wynik zapisu' })).toHaveTextContent('Zapisano');
    // The marker to drag is named and takes a finger (40 px), whatever the size of its dot.
    const pin = screen.getByRole('button', { name: 'Położenie maszyny (przeciągnij, aby przesunąć)' });
    expect([pin.style.width, pin.style.height]).toEqual(['40px', '40px']);
    expect(fake.callsTo('PATCH', '/api/device/updateGpsLocation')[0].body).toEqual({
      deviceId: 7,
      latitude: 50.0614,
      longitude: 19.9366,
    });
  });

  it('asks before a typed position not saved is left, and stops asking once it is saved', async () => {
    fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice() },
      'GET /api/map/config': CONFIG,
      'PATCH /api/device/updateGpsLocation': { body: { message: 'Zapisano' } },
    });
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    expect(hasUnsavedChanges()).toBe(false);
    await userEvent.type(await screen.findByLabelText('Szerokość geograficzna'), '50.0614');
    await userEvent.type(screen.getByLabelText('Długość geograficzna'), '19.9366');
    expect(hasUnsavedChanges()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz lokalizację' }));
    expect(await screen.findByRole('status', { name: 'Wynik zapisu' })).toHaveTextContent('Zapisano');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('counts a position kept with more decimals than the fields show as unchanged once a field is left', async () => {
    fakeApi({
      'GET /api/device/findById/7': {
        body: sampleDevice({ gpsLatitude: 54.49770239093341, gpsLongitude: 18.53844123456789 }),
      },
      'GET /api/map/config': CONFIG,
    });
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    const latitude = await screen.findByLabelText('Szerokość geograficzna');
    expect(latitude).toHaveValue('54.497702');
    await userEvent.click(latitude);
    await userEvent.tab();
    expect(hasUnsavedChanges()).toBe(false);
    expect(screen.getByRole('button', { name: 'Zapisz lokalizację' })).toBeDisabled();
  });

  it('asks before another tab of the card takes the place of a position typed and not saved', async () => {
    fakeApi(
      {
        'GET /api/device/findById/7': { body: sampleDevice() },
        'GET /api/map/config': CONFIG,
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<MachineTabs deviceId={7} />, { url: '/m?activeTab=Map', session: JAN_USER });
    await userEvent.type(await screen.findByLabelText('Szerokość geograficzna'), '50.0614');
    await userEvent.type(screen.getByLabelText('Długość geograficzna'), '19.9366');
    await userEvent.click(screen.getByRole('tab', { name: 'Hotele' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Zmian w formularzu nie zapisano. Odrzucić je?');
    await userEvent.click(within(question).getByRole('button', { name: MSG.keepEditing }));
    expect(screen.getByRole('tab', { name: 'Lokalizacja' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Szerokość geograficzna')).toHaveValue('50.0614');
    await userEvent.click(screen.getByRole('tab', { name: 'Hotele' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Odrzuć zmiany' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Hotele' })).toHaveAttribute('aria-selected', 'true'),
    );
    // With nothing typed, the tabs switch at once.
    await userEvent.click(screen.getByRole('tab', { name: 'Lokalizacja' }));
    await screen.findByLabelText('Szerokość geograficzna');
    await userEvent.click(screen.getByRole('tab', { name: 'Hotele' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Hotele' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('fills both fields from a pair or a map link pasted into either, and keeps a single number as typed', async () => {
    const fake = fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice() },
      'GET /api/map/config': CONFIG,
      'PATCH /api/device/updateGpsLocation': { body: { message: 'Zapisano' } },
    });
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    await userEvent.click(await screen.findByLabelText('Szerokość geograficzna'));
    await userEvent.paste('50.06194, 19.93685');
    expect(screen.getByLabelText('Szerokość geograficzna')).toHaveValue('50.06194');
    expect(screen.getByLabelText('Długość geograficzna')).toHaveValue('19.93685');
    await userEvent.clear(screen.getByLabelText('Długość geograficzna'));
    await userEvent.paste('https://www.google.com/maps/place/Rynek/@50.0617022,19.9373569,17z');
    expect(screen.getByLabelText('Szerokość geograficzna')).toHaveValue('50.061702');
    expect(screen.getByLabelText('Długość geograficzna')).toHaveValue('19.937357');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz lokalizację' }));
    await waitFor(() =>
      expect(fake.callsTo('PATCH', '/api/device/updateGpsLocation')[0]?.body).toEqual({
        deviceId: 7,
        latitude: 50.061702,
        longitude: 19.937357,
      }),
    );
    // One number is the field's own: pasted as it is.
    await userEvent.clear(screen.getByLabelText('Szerokość geograficzna'));
    await userEvent.paste('51.5');
    expect(screen.getByLabelText('Szerokość geograficzna')).toHaveValue('51.5');
    expect(screen.getByLabelText('Długość geograficzna')).toHaveValue('19.937357');
  });

  it("takes the device's own position when asked, and says in Polish when it may not", async () => {
    const fake = fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice() },
      'GET /api/map/config': CONFIG,
      'PATCH /api/device/updateGpsLocation': { body: { message: 'Zapisano' } },
    });
    const device = stubDevicePosition({ latitude: 50.26491234, longitude: 19.02381234, accuracy: 12.4 });
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Użyj położenia urządzenia' }));
    expect(await screen.findByText(/z dokładnością do 12 m/)).toBeInTheDocument();
    expect(screen.getByLabelText('Szerokość geograficzna')).toHaveValue('50.264912');
    expect(screen.getByLabelText('Długość geograficzna')).toHaveValue('19.023812');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz lokalizację' }));
    await waitFor(() =>
      expect(fake.callsTo('PATCH', '/api/device/updateGpsLocation')[0]?.body).toEqual({
        deviceId: 7,
        latitude: 50.264912,
        longitude: 19.023812,
      }),
    );
    device.answer = 1; // PERMISSION_DENIED
    await userEvent.click(screen.getByRole('button', { name: 'Użyj położenia urządzenia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Przeglądarka nie ma zgody na odczyt położenia tego urządzenia',
    );
    expect(device.getCurrentPosition).toHaveBeenCalledTimes(2);
  });

  it('offers no device position on a page the browser would not ask for it (plain HTTP)', async () => {
    fakeApi({ 'GET /api/device/findById/7': { body: sampleDevice() }, 'GET /api/map/config': CONFIG });
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: vi.fn() } });
    vi.stubGlobal('isSecureContext', false);
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    await screen.findByRole('button', { name: 'Ustaw z adresu maszyny' });
    expect(screen.queryByRole('button', { name: 'Użyj położenia urządzenia' })).toBeNull();
  });

  it('refuses an out-of-range latitude before sending anything', async () => {
    const fake = fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice() },
      'GET /api/map/config': CONFIG,
    });
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    await userEvent.type(await screen.findByLabelText('Szerokość geograficzna'), '95');
    await userEvent.type(screen.getByLabelText('Długość geograficzna'), '19');
    expect(
      await screen.findByText('Szerokość geograficzna musi być liczbą od -90 do 90.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zapisz lokalizację' })).toBeDisabled();
    expect(fake.callsTo('PATCH', '/api/device/updateGpsLocation')).toHaveLength(0);
  });

  it('geocodes the machine’s own address, and says in Polish when search is unavailable', async () => {
    let available = true;
    const fake = fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice() },
      'GET /api/map/config': CONFIG,
      'GET /api/geocode': () =>
        available
          ? { body: [{ label: 'Długa 1, Kraków', latitude: 50.07, longitude: 19.94 }] }
          : {
              status: 503,
              body: {
                message:
                  'Wyszukiwanie adresów jest teraz niedostępne. Wskaż miejsce na mapie lub wpisz współrzędne.',
              },
            },
    });
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Ustaw z adresu maszyny' }));
    await waitFor(() => expect(screen.getByLabelText('Szerokość geograficzna')).toHaveValue('50.07'));
    expect(screen.getByLabelText('Długość geograficzna')).toHaveValue('19.94');
    expect(fake.callsTo('GET', '/api/geocode')[0].query.get('q')).toBe('Długa 1, 00-001 Kraków');
    available = false;
    await userEvent.type(screen.getByRole('textbox', { name: 'Wyszukaj adres' }), 'Rynek 1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wyszukiwanie adresów jest teraz niedostępne.',
    );
    // The machine's address fails too, then a search: its message once, not once per way in.
    await userEvent.click(screen.getByRole('button', { name: 'Ustaw z adresu maszyny' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    await userEvent.type(screen.getByRole('textbox', { name: 'Wyszukaj adres' }), '{Enter}');
    await waitFor(() => expect(fake.callsTo('GET', '/api/geocode')).toHaveLength(4));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
  });
});

describe('a server without a geocoder (GEOCODER_URL empty)', () => {
  it('says so up front and offers no address search, which could only fail', async () => {
    const fake = fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice() },
      'GET /api/map/config': { body: { ...CONFIG.body, geocoding: false } },
    });
    renderScreen(<LocationTab deviceId={7} />, { url: '/m', session: JAN_USER });
    expect(await screen.findByText(PLACES_MSG.geocodingOff)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Wyszukaj adres' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ustaw z adresu maszyny' })).toBeNull();
    // The map and the coordinates are still there to set the position by hand.
    expect(screen.getByLabelText('Szerokość geograficzna')).toBeInTheDocument();
    expect(fake.callsTo('GET', '/api/geocode')).toHaveLength(0);
  });

  it('asks for a click on the map in the branch form, which has no coordinates to type', async () => {
    fakeApi({
      'GET /api/map/config': { body: { ...CONFIG.body, geocoding: false } },
      'GET /api/branch/getAll': { body: [] },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Oddziały' }));
    expect(await screen.findByText(PLACES_MSG.geocodingOffOnMap)).toBeInTheDocument();
    expect(screen.queryByText(PLACES_MSG.geocodingOff)).toBeNull();
    expect(screen.queryByLabelText('Szerokość geograficzna')).toBeNull();
  });
});

describe('Hotele tab', () => {
  it('lists nearby hotels nearest first with distances in km', async () => {
    fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice({ gpsLatitude: 50, gpsLongitude: 19.9 }) },
      'GET /api/map/config': CONFIG,
      'GET /api/deviceHotel/getAllByDevice/7': {
        body: [
          hotel({ id: 1, name: 'Blisko', distance: 10 }),
          hotel({ id: 2, name: 'Dalej', distance: 40.04 }),
        ],
      },
    });
    renderScreen(<HotelsTab deviceId={7} />, { url: '/m', session: JAN_USER });
    const table = await screen.findByRole('table', { name: 'Hotele w pobliżu' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(rows.map((r) => [r.cells[0].textContent, r.cells[3].textContent])).toEqual([
      ['Blisko', '10,0 km'],
      ['Dalej', '40,0 km'],
    ]);
    // Each hotel's marker on the map is named and takes a finger (40 px).
    const pins = screen.getAllByTitle(/^(Blisko|Dalej)$/);
    expect(pins.map((p) => [p.title, p.style.width, p.style.height])).toEqual([
      ['Blisko', '40px', '40px'],
      ['Dalej', '40px', '40px'],
    ]);
    expect(screen.getByText('Hotele w promieniu 50 km od maszyny, od najbliższego.')).toBeInTheDocument();
    // A USER may edit but not delete (domain.md).
    expect(screen.getByRole('button', { name: 'Edytuj hotel: Blisko' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Usuń hotel: Blisko' })).toBeNull();
  });

  it('opens a hotel’s popup with the focus in it, a Polish close button, and the focus back on Escape', async () => {
    fakeApi({
      'GET /api/device/findById/7': { body: sampleDevice({ gpsLatitude: 50, gpsLongitude: 19.9 }) },
      'GET /api/map/config': CONFIG,
      'GET /api/deviceHotel/getAllByDevice/7': { body: [hotel({ id: 1, name: 'Blisko', distance: 10 })] },
    });
    renderScreen(<HotelsTab deviceId={7} />, { url: '/m', session: JAN_USER });
    const pin = await screen.findByRole('button', { name: 'Blisko' });
    // The map takes the focus under its Polish name.
    expect(screen.getByRole('group', { name: 'Mapa hoteli w pobliżu maszyny' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    pin.focus();
    fireEvent.keyPress(pin, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    // No link in it: its content takes the focus, and reads as the hotel and its distance.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Blisko10,0 km'));
    expect(document.activeElement).toHaveClass('leaflet-popup-content');
    expect(screen.getByRole('button', { name: 'Zamknij' })).toHaveClass('leaflet-popup-close-button');
    expect(screen.queryByRole('button', { name: 'Close popup' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Zamknij' })).toBeNull());
    expect(pin).toHaveFocus();
  });

  it('says why a machine without a position has no hotels, and validates the hotel form', async () => {
    const fake = fakeApi(
      {
        'GET /api/device/findById/7': { body: sampleDevice() },
        'GET /api/map/config': CONFIG,
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<HotelsTab deviceId={7} />, { url: '/m', session: ANNA_ADMIN });
    expect(await screen.findByText(/Maszyna nie ma ustalonej lokalizacji/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj hotel' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await within(dialog).findByText('Wprowadź nazwę')).toBeInTheDocument();
    expect(within(dialog).getByText('Wybierz lokalizację na mapie')).toBeInTheDocument();
    expect(fake.callsTo('POST', '/api/deviceHotel/insert')).toHaveLength(0);
  });

  it('places a new hotel where the tablet stands, and keeps the form when the browser may not tell', async () => {
    const fake = fakeApi(
      {
        'GET /api/device/findById/7': { body: sampleDevice({ gpsLatitude: 50.1, gpsLongitude: 19.9 }) },
        'GET /api/map/config': CONFIG,
        'POST /api/deviceHotel/insert': { body: { message: 'Zapisano' } },
      },
      { otherwise: EMPTY_LIST },
    );
    const device = stubDevicePosition({ latitude: 50.06171234, longitude: 19.93731234, accuracy: 8 });
    device.answer = 2; // POSITION_UNAVAILABLE
    renderScreen(<HotelsTab deviceId={7} />, { url: '/m', session: ANNA_ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj hotel' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Nazwa/), 'Hotel Pod Wawelem');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Użyj położenia urządzenia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nie udało się odczytać położenia');
    expect(within(dialog).getByLabelText(/^Nazwa/)).toHaveValue('Hotel Pod Wawelem');
    expect(within(dialog).getByText('Wybierz lokalizację na mapie...')).toBeInTheDocument();

    device.answer = 'here';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Użyj położenia urządzenia' }));
    expect(await within(dialog).findByText('Położenie: 50.061712, 19.937312')).toBeInTheDocument();
    expect(within(dialog).getByText(/z dokładnością do 8 m/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(fake.callsTo('POST', '/api/deviceHotel/insert')[0]?.body).toMatchObject({
        name: 'Hotel Pod Wawelem',
        latitude: 50.061712,
        longitude: 19.937312,
      }),
    );
  });
});

const branch: Branch = {
  id: 4,
  name: 'Oddział Katowice',
  street: 'Chorzowska 1',
  zipCode: '40-001',
  city: 'Katowice',
  province: 'śląskie',
  phone: '32 000 00 00',
  email: 'katowice@firma.pl',
  www: 'firma.pl/katowice',
  description: '',
  latitude: 50.26,
  longitude: 19.02,
};

describe('Oddziały tab of /myAccount', () => {
  it('is not offered to a USER', async () => {
    fakeApi({}, { otherwise: EMPTY_LIST });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: JAN_USER });
    expect(await screen.findByRole('tab', { name: 'Urlopy' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Oddziały' })).toBeNull();
  });

  it('says it is loading, not a count of 0, until the branches come, and no search before the server tells', async () => {
    let branches!: ReadableStreamDefaultController<Uint8Array>;
    let config!: ReadableStreamDefaultController<Uint8Array>;
    const held = (keep: (c: ReadableStreamDefaultController<Uint8Array>) => void) => ({
      body: new ReadableStream<Uint8Array>({ start: keep }),
    });
    fakeApi({
      'GET /api/map/config': held((c) => (config = c)),
      'GET /api/branch/getAll': held((c) => (branches = c)),
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Oddziały' }));
    const panel = await screen.findByRole('region', { name: 'Panel oddziału' });
    expect(within(panel).getByRole('status', { name: MSG.loading })).toBeInTheDocument();
    expect(within(panel).queryByText(/Liczba oddziałów/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Szukaj' })).toBeNull();
    const send = (c: ReadableStreamDefaultController<Uint8Array>, value: unknown) => {
      c.enqueue(new TextEncoder().encode(JSON.stringify(value)));
      c.close();
    };
    send(branches, [branch]);
    expect(await within(panel).findByText('Liczba oddziałów: 1')).toBeInTheDocument();
    send(config, { ...CONFIG.body, geocoding: false });
    expect(await screen.findByText(PLACES_MSG.geocodingOffOnMap)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Szukaj' })).toBeNull();
  });

  it('opens a branch’s details from its marker by the keyboard, Enter or Space', async () => {
    fakeApi({ 'GET /api/map/config': CONFIG, 'GET /api/branch/getAll': { body: [branch] } });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Oddziały' }));
    const panel = await screen.findByRole('region', { name: 'Panel oddziału' });
    const marker = await screen.findByRole('button', { name: 'Oddział Katowice' });
    fireEvent.keyPress(marker, { key: 'a', code: 'KeyA', charCode: 97 });
    expect(within(panel).queryByRole('heading', { name: 'Oddział Katowice' })).toBeNull();
    fireEvent.keyPress(marker, { key: 'Enter', code: 'Enter', charCode: 13 });
    expect(await within(panel).findByRole('heading', { name: 'Oddział Katowice' })).toBeInTheDocument();
  });

  it('shows the count, a branch’s details by its marker, the add form and the delete question', async () => {
    const fake = fakeApi({
      'GET /api/map/config': CONFIG,
      'GET /api/branch/getAll': {
        body: [branch, { ...branch, id: 5, name: 'Bez pozycji', latitude: null, longitude: null }],
      },
      'POST /api/branch/insert': { status: 403, body: { message: 'Brak uprawnień do tej operacji.' } },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Oddziały' }));
    const panel = await screen.findByRole('region', { name: 'Panel oddziału' });
    expect(await within(panel).findByText('Liczba oddziałów: 2')).toBeInTheDocument();

    // The marker of the placed branch opens its details; the www link gets the // prefix (spec §5).
    const marker = await screen.findByTitle('Oddział Katowice');
    fireEvent.click(marker);
    expect(await within(panel).findByRole('heading', { name: 'Oddział Katowice' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'firma.pl/katowice' })).toHaveAttribute(
      'href',
      '//firma.pl/katowice',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Usuń oddział' }));
    const question = await screen.findByRole('dialog', { name: 'Usuwanie oddziału' });
    expect(within(question).getByText('Czy napewno chcesz usunąć oddział?')).toBeInTheDocument();
    expect(within(question).getByText('Oddział Katowice')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));

    await userEvent.click(screen.getByRole('button', { name: 'Dodaj oddział' }));
    expect(await within(panel).findByText('Wprowadź dane oddziału')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Zapisz' }));
    expect(await within(panel).findByText('Wprowadź nazwę')).toBeInTheDocument();
    expect(within(panel).getByText('Wybierz lokalizację na mapie')).toBeInTheDocument();
    expect(fake.callsTo('POST', '/api/branch/insert')).toHaveLength(0);
  });

  it('drops a branch another administrator deleted meanwhile once its delete is refused', async () => {
    let deleted = false;
    fakeApi({
      'GET /api/map/config': CONFIG,
      'GET /api/branch/getAll': () => ({ body: deleted ? [] : [branch] }),
      'DELETE /api/branch/deleteBranch/4': { status: 404, body: { message: 'Nie znaleziono oddziału.' } },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Oddziały' }));
    const panel = await screen.findByRole('region', { name: 'Panel oddziału' });
    fireEvent.click(await screen.findByTitle('Oddział Katowice'));
    await userEvent.click(await within(panel).findByRole('button', { name: 'Usuń oddział' }));
    deleted = true;
    const question = await screen.findByRole('dialog', { name: 'Usuwanie oddziału' });
    await userEvent.click(within(question).getByRole('button', { name: 'Usuń' }));
    expect(await screen.findByText(MSG.unknownError)).toBeInTheDocument();
    // The list asked again: its marker and its details are gone.
    await waitFor(() => expect(screen.queryByTitle('Oddział Katowice')).toBeNull());
    expect(within(panel).queryByRole('heading', { name: 'Oddział Katowice' })).toBeNull();
  });

  it('asks before a branch being typed gives way to another branch or to "Anuluj"', async () => {
    fakeApi({ 'GET /api/map/config': CONFIG, 'GET /api/branch/getAll': { body: [branch] } });
    renderScreen(<MyAccountPage />, { url: '/myAccount?activeTab=branches', session: ANNA_ADMIN });
    const panel = await screen.findByRole('region', { name: 'Panel oddziału' });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj oddział' }));
    await userEvent.type(await within(panel).findByLabelText(/Nazwa/), 'Oddział Gdańsk');

    fireEvent.click(await screen.findByTitle('Oddział Katowice'));
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    await userEvent.click(within(question).getByRole('button', { name: MSG.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getByLabelText(/Nazwa/)).toHaveValue('Oddział Gdańsk');

    await userEvent.click(within(panel).getByRole('button', { name: 'Anuluj' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: MSG.unsavedTitle })).getByRole('button', {
        name: MSG.discardChanges,
      }),
    );
    expect(await within(panel).findByText('Liczba oddziałów: 1')).toBeInTheDocument();
  });

  it('shows "Brak ustalonej pozycji" and the refusal banner of a save', async () => {
    const fake = fakeApi({
      'GET /api/map/config': CONFIG,
      'GET /api/branch/getAll': { body: [branch] },
      'POST /api/branch/insert': { status: 403, body: { message: 'Brak uprawnień do tej operacji.' } },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Oddziały' }));
    fireEvent.click(await screen.findByTitle('Oddział Katowice'));
    const panel = screen.getByRole('region', { name: 'Panel oddziału' });
    expect(await within(panel).findByText('50.26, 19.02')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Edytuj oddział' }));
    expect(await within(panel).findByText('Edytuj dane oddziału')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Zapisz' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Brak uprawnień do tej operacji.');
    expect(fake.callsTo('POST', '/api/branch/insert')[0].body).toMatchObject({
      id: 4,
      name: 'Oddział Katowice',
    });
  });
});
