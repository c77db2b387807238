import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clear } from 'idb-keyval';
import { MSG, PROTOCOL_MSG, PROTOCOL_SYNC_TEXT, type Protocol } from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, NO_SESSION, fakeApi } from '../../../../test/fake-api';
import { isSessionEnded, setSessionEnded } from '../../../lib/session-ended';
import { renderScreen } from '../../../../test/render-screen';
import { AUTOSAVE_MAX_WAIT_MS, AUTOSAVE_MS, useDraftSync } from '../use-draft-sync';
import { ServiceProtocolPage } from './service-protocol-page';

const URL = '/serviceProtocol?id=7&prev=/servicesList';

function protocol(overrides: Partial<Protocol> = {}): Protocol {
  return {
    header: {
      serviceId: 7,
      fullNumber: '(auto)',
      date: '2026-03-15',
      state: 'UTWORZONY',
      types: ['PRZEGLAD_OKRESOWY'],
      paymentType: 'PLATNA',
      faultDescription: 'Nie grzeje',
      period: 18,
      employee: 'Jan Kowalski',
      userCreatedId: 2,
      customer: {
        id: 3,
        shortName: 'Żabka',
        fullName: 'Żabka Sp. z o.o.',
        address: 'ul. Gęślą 7, 90-001 Łódź',
        email: 'k@z.pl',
      },
      machines: [{ id: 5, name: 'Kocioł Żółw', serialNumber: 'SN-1' }],
      installation: false,
    },
    title: 'Protokół serwisowy',
    data: {
      checklists: [
        {
          deviceId: 5,
          deviceName: 'Kocioł Żółw',
          serialNumber: 'SN-1',
          kind: 'SERVICE',
          items: [
            {
              key: '5:1',
              name: 'Sprawdzenie ciśnienia',
              fields: [{ name: 'Ciśnienie', unit: 'bar', value: '' }],
              answer: '',
              remark: '',
            },
            { key: '5:2', name: 'Czyszczenie filtrów', fields: [], answer: '', remark: '' },
          ],
        },
      ],
      workDone: '',
      materials: [],
      arrivalTime: '',
      startTime: '',
      endTime: '',
      kilometers: null,
      nights: null,
      recommendations: '',
      customerSignerName: '',
      technicianSignature: '',
      customerSignature: '',
    },
    saved: false,
    signed: false,
    editable: true,
    updatedAt: null,
    signedAt: null,
    sentTo: null,
    sentAt: null,
    fileId: null,
    signedForOthers: false,
    ...overrides,
  };
}

/**
 * A server that keeps protocol 7 and, as the real one, refuses a draft made on another version than
 * its own (409 CHANGED_MEANWHILE); a draft it takes becomes the version saved at `savedAt`.
 */
function versionedServer(
  start: Protocol,
  savedAt: string,
  reachable = () => true,
  more: (server: { protocol: Protocol }) => Parameters<typeof fakeApi>[0] = () => ({}),
) {
  const server = { protocol: start };
  const api = fakeApi({
    ...more(server),
    'GET /api/service/protocol/7': () => ({ body: server.protocol }),
    'PUT /api/service/protocol/7': (call) => {
      if (!reachable()) return { network: true };
      if (call.query.get('base') !== (server.protocol.updatedAt ?? ''))
        return {
          status: 409,
          body: { message: PROTOCOL_MSG.protocolChangedMeanwhile, code: 'CHANGED_MEANWHILE' },
        };
      server.protocol = { ...server.protocol, data: call.body as Protocol['data'], updatedAt: savedAt };
      return { body: server.protocol };
    },
  });
  return { api, server };
}

/** Jan types `text` as the work done with no network, sees it kept on the device, and leaves the screen. */
async function typeOfflineAndLeave(text = 'Wymiana grzałki') {
  const screenOf = renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
  await userEvent.type(await screen.findByLabelText('Opis wykonanych prac'), text);
  await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
  expect(await screen.findByText(/^Brak połączenia: szkic zapisany na tym urządzeniu/)).toBeInTheDocument();
  screenOf.unmount();
}

/** Protocol 7, saved at 12:00, on a server that is away while Jan types a draft and leaves the screen. */
async function janLeftADraft() {
  let online = false;
  const kept = versionedServer(
    protocol({ saved: true, updatedAt: '2026-03-15T12:00:00.000Z' }),
    '2026-03-15T12:20:00.000Z',
    () => online,
  );
  await typeOfflineAndLeave();
  return {
    ...kept,
    backOnline: () => {
      online = true;
    },
  };
}

// jsdom has no canvas: the signature pad shows its fallback text (drawing is covered end to end).
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];

afterEach(async () => {
  vi.unstubAllGlobals();
  await clear();
});

describe('/serviceProtocol', () => {
  it.each([
    ['/machineEdit?id=5&tab=serwis', '/machineEdit?id=5&tab=serwis'],
    ['/\\evil.example/x', '/servicesList'],
    ['//evil.example/x', '/servicesList'],
  ])('goes back to prev=%s only when it is a path of the app (%s)', async (prev, expected) => {
    fakeApi({ 'GET /api/service/protocol/7': { body: protocol() } });
    renderScreen(<ServiceProtocolPage />, {
      url: `/serviceProtocol?id=7&prev=${encodeURIComponent(prev)}`,
      session: JAN_USER,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Wstecz' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(expected));
  });

  it('shows the header and the checklist with units, and saves the answers as a draft', async () => {
    const api = fakeApi({
      'GET /api/service/protocol/7': { body: protocol() },
      'PUT /api/service/protocol/7': (call) => ({ body: { ...protocol(), data: call.body, saved: true } }),
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    // The customer and the machine open their cards.
    const customer = await screen.findByRole('link', { name: 'Żabka Sp. z o.o.' });
    expect(customer).toHaveAttribute('href', `/customerEdit?id=${protocol().header.customer.id}`);
    expect(screen.getByText('Klient').nextSibling).toHaveTextContent(
      'Żabka Sp. z o.o., ul. Gęślą 7, 90-001 Łódź',
    );
    expect(screen.getByRole('link', { name: 'Kocioł Żółw' })).toHaveAttribute('href', '/machineEdit?id=5');
    expect(screen.getByText('Maszyny').nextSibling).toHaveTextContent('Kocioł Żółw (nr ser. SN-1)');
    expect(screen.getByText('Okres przeglądu').nextSibling).toHaveTextContent('18 mies. od przekazania');
    const row = screen.getByRole('group', { name: '1. Sprawdzenie ciśnienia' });
    await userEvent.click(within(row).getByRole('radio', { name: 'POPRAWNE' }));
    await userEvent.type(within(row).getByLabelText('Ciśnienie [bar]'), '4,5');
    // A remark takes several lines (Enter starts a new one, it does not leave the field).
    await userEvent.type(
      within(row).getByLabelText('Uwagi: Sprawdzenie ciśnienia'),
      'Zawór nieszczelny{Enter}Wymienić',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj materiał' }));
    // The new row's name takes the focus: it is drawn above the button.
    expect(screen.getByLabelText('Nazwa materiału 1')).toHaveFocus();
    await userEvent.keyboard('Uszczelka');
    // A distance with a decimal comma, pasted as a tablet's keyboard gives it, is 120.5 km, not 1205.
    await userEvent.click(screen.getByRole('textbox', { name: 'Kilometry' }));
    await userEvent.paste('120,5');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText('Szkic zapisany na serwerze')).toBeInTheDocument();
    const body = api.callsTo('PUT', '/api/service/protocol/7').at(-1)!.body as Protocol['data'];
    expect(body.kilometers).toBe(120.5);
    expect(screen.getByRole('textbox', { name: 'Kilometry' })).toHaveValue('120,5 km');
    // A distance pasted with a dot (from a route planner) is read too.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Kilometry' }));
    await userEvent.paste('98.25');
    expect(screen.getByRole('textbox', { name: 'Kilometry' })).toHaveValue('98,25 km');
    expect(body.checklists[0].items[0]).toMatchObject({
      answer: 'POPRAWNE',
      fields: [{ name: 'Ciśnienie', unit: 'bar', value: '4,5' }],
      remark: 'Zawór nieszczelny\nWymienić',
    });
    expect(body.materials).toEqual([{ name: 'Uszczelka', quantity: '', unit: 'szt.' }]);
  });

  it("says a protocol never saved is new, and takes the protocol's own list when an administrator changed it meanwhile", async () => {
    const changed = (sent: Protocol['data']): Protocol['data'] => {
      const [pressure, filters] = sent.checklists[0]!.items;
      return {
        ...sent,
        checklists: [
          {
            ...sent.checklists[0]!,
            // Reordered, and one operation added, as the server's snapshot now holds them.
            items: [
              { ...filters!, key: '5:1' },
              { ...pressure!, key: '5:2' },
              { key: '5:3', name: 'Kontrola szczelności', fields: [], answer: '', remark: '' },
            ],
          },
        ],
      };
    };
    fakeApi({
      'GET /api/service/protocol/7': { body: protocol() },
      'PUT /api/service/protocol/7': (call) => ({
        body: { ...protocol(), data: changed(call.body as Protocol['data']), saved: true },
      }),
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(await screen.findByText(PROTOCOL_SYNC_TEXT.new)).toBeInTheDocument();
    const row = screen.getByRole('group', { name: '1. Sprawdzenie ciśnienia' });
    await userEvent.click(within(row).getByRole('radio', { name: 'NIEPOPRAWNE' }));
    // The technician types a remark and pauses: the draft saves itself.
    await userEvent.type(within(row).getByLabelText('Uwagi: Sprawdzenie ciśnienia'), 'Wyciek');
    expect(
      await screen.findByText(PROTOCOL_MSG.checklistReplaced, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The field typed in is not now another operation's, in the place where it stood.
    expect(screen.getByLabelText('Uwagi: Czyszczenie filtrów')).not.toHaveFocus();
    expect(screen.getByLabelText('Uwagi: Sprawdzenie ciśnienia')).toHaveValue('Wyciek');
    expect(await screen.findByText(PROTOCOL_SYNC_TEXT.saved)).toBeInTheDocument();
    expect(
      screen.getAllByRole('group', { name: /^\d+\. / }).map((g) => g.getAttribute('aria-label')),
    ).toEqual(['1. Czyszczenie filtrów', '2. Sprawdzenie ciśnienia', '3. Kontrola szczelności']);
    const moved = screen.getByRole('group', { name: '2. Sprawdzenie ciśnienia' });
    expect(within(moved).getByRole('radio', { name: 'NIEPOPRAWNE' })).toBeChecked();
  });

  it('names the answers typed for an operation renamed meanwhile, which the protocol no longer has', async () => {
    const renamed = (sent: Protocol['data']): Protocol['data'] => ({
      ...sent,
      checklists: sent.checklists.map((list) => ({
        ...list,
        items: list.items.map((item) =>
          item.key === '5:1'
            ? { ...item, name: 'Sprawdzenie ciśnienia roboczego', answer: '', remark: '' }
            : item,
        ),
      })),
    });
    fakeApi({
      'GET /api/service/protocol/7': { body: protocol() },
      'PUT /api/service/protocol/7': (call) => ({
        body: { ...protocol(), data: renamed(call.body as Protocol['data']), saved: true },
      }),
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    const row = await screen.findByRole('group', { name: '1. Sprawdzenie ciśnienia' });
    await userEvent.click(within(row).getByRole('radio', { name: 'NIEPOPRAWNE' }));
    await userEvent.type(within(row).getByLabelText('Uwagi: Sprawdzenie ciśnienia'), 'Wyciek');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText(PROTOCOL_MSG.checklistAnswersLeftOut)).toBeInTheDocument();
    expect(
      screen.getByText('„Sprawdzenie ciśnienia” (Kocioł Żółw): Niepoprawne, uwagi: Wyciek'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '1. Sprawdzenie ciśnienia roboczego' })).toBeInTheDocument();
  });

  it('gives the focus back to "Zapisz szkic" once the save it started is over', async () => {
    let answer!: () => void;
    fakeApi({
      'GET /api/service/protocol/7': { body: protocol() },
      'PUT /api/service/protocol/7': () => ({
        headers: { 'Content-Type': 'application/json' },
        body: new ReadableStream<Uint8Array>({
          start(stream) {
            answer = () => {
              stream.enqueue(new TextEncoder().encode(JSON.stringify({ ...protocol(), saved: true })));
              stream.close();
            };
          },
        }),
      }),
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    const save = await screen.findByRole('button', { name: 'Zapisz szkic' });
    await userEvent.click(save);
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    // Disabled while it saves, the button loses the focus in a browser (jsdom keeps it): as there.
    // jsdom neither blurs a disabled button nor blurs on request one it counts unfocusable: the
    // focus is moved to a field that then goes, which leaves it on the page.
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    answer();
    expect(await screen.findByText('Szkic zapisany na serwerze')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zapisz szkic' })).toHaveFocus());
  });

  it('draws a 40-operation list in parts, first rows at once, and keeps and saves every row', async () => {
    const long = protocol();
    long.data.checklists[0].items = Array.from({ length: 40 }, (_, i) => ({
      key: `5:${i + 1}`,
      name: `Czynność ${i + 1}`,
      fields: ['U1', 'U2', 'U3'].map((name) => ({ name, unit: 'V', value: '' })),
      answer: '' as const,
      remark: '',
    }));
    const api = fakeApi({
      'GET /api/service/protocol/7': { body: long },
      'PUT /api/service/protocol/7': (call) => ({ body: { ...long, data: call.body, saved: true } }),
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    const rows = () => screen.getAllByRole('group', { name: /^\d+\. Czynność/ });
    const first = await screen.findByRole('group', { name: '1. Czynność 1' });
    // One commit of all 40 rows held a tablet for 2.4 s; the first rows come alone.
    expect(rows().length).toBeGreaterThanOrEqual(10);
    expect(rows().length).toBeLessThan(40);
    await userEvent.type(within(first).getByLabelText('U1 [V]'), '230');

    // Then every row, in order (the order of the Tab key too).
    await waitFor(() => expect(rows()).toHaveLength(40));
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 40 }, (_, i) => `${i + 1}. Czynność ${i + 1}`),
    );
    expect(within(first).getByLabelText('U1 [V]')).toHaveValue('230');
    const last = screen.getByRole('group', { name: '40. Czynność 40' });
    await userEvent.click(within(last).getByRole('radio', { name: 'POPRAWNE' }));
    await userEvent.type(within(last).getByLabelText('U3 [V]'), '400');
    expect(screen.getByText('Odpowiedzi: 1 z 40')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText('Szkic zapisany na serwerze')).toBeInTheDocument();
    const body = api.callsTo('PUT', '/api/service/protocol/7').at(-1)!.body as Protocol['data'];
    const items = body.checklists[0].items;
    expect(items.map((i) => i.key)).toEqual(Array.from({ length: 40 }, (_, i) => `5:${i + 1}`));
    expect(items[0].fields[0].value).toBe('230');
    expect(items[39]).toMatchObject({ answer: 'POPRAWNE', fields: [{}, {}, { value: '400' }] });
  });

  it("draws an event's many machines a few rows at a time over all their lists, not ten rows each at once", async () => {
    const many = protocol();
    const template = many.data.checklists[0];
    many.data.checklists = Array.from({ length: 8 }, (_, m) => ({
      ...template,
      deviceId: 100 + m,
      deviceName: `Maszyna ${m + 1}`,
      items: Array.from({ length: 10 }, (_, i) => ({
        key: `${100 + m}:${i + 1}`,
        name: `Czynność ${m + 1}.${i + 1}`,
        fields: [],
        answer: '' as const,
        remark: '',
      })),
    }));
    fakeApi({ 'GET /api/service/protocol/7': { body: many } });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    // Counted by their names' text: a query by role and name over a page this large takes long
    // enough, on a loaded machine, to hold back the drawing it waits for.
    const rows = () => screen.getAllByText(/^\d+\. Czynność \d+\.\d+$/);
    await screen.findByText('1. Czynność 1.1');
    // Each machine's list drew its first ten at once: 400 rows for 40 machines froze a tablet 20 s.
    expect(rows().length).toBeLessThan(20);
    await waitFor(() => expect(rows()).toHaveLength(80), { timeout: 15_000 });
    expect(screen.getByRole('group', { name: '10. Czynność 8.10' })).toBeInTheDocument();
  });

  it('sends the draft the server refused for want of a session once the employee has logged in again', async () => {
    let sessionAlive = true;
    const api = fakeApi({
      'GET /api/service/protocol/7': { body: protocol() },
      'PUT /api/service/protocol/7': (call) =>
        sessionAlive ? { body: { ...protocol(), data: call.body, saved: true } } : NO_SESSION,
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    const workDone = await screen.findByLabelText('Opis wykonanych prac');
    sessionAlive = false;
    await userEvent.type(workDone, 'Wymiana uszczelki');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText(PROTOCOL_SYNC_TEXT.refused)).toBeInTheDocument();
    expect(isSessionEnded()).toBe(true);
    const refused = api.callsTo('PUT', '/api/service/protocol/7').length;

    // The "Sesja wygasła" dialog's login (SessionEndedModal) ends the ended state.
    sessionAlive = true;
    act(() => setSessionEnded(false));
    expect(await screen.findByText(PROTOCOL_SYNC_TEXT.saved)).toBeInTheDocument();
    const puts = api.callsTo('PUT', '/api/service/protocol/7');
    expect(puts).toHaveLength(refused + 1);
    expect((puts.at(-1)!.body as Protocol['data']).workDone).toBe('Wymiana uszczelki');
  });

  it('says that a protocol never opened on this device is not here without the network, and opens it on request', async () => {
    // Offline at first; then an answer that takes its time (held open), then the protocol.
    let held = false;
    let answer: ReadableStreamDefaultController<Uint8Array> | undefined;
    fakeApi({
      'GET /api/service/protocol/7': () =>
        held
          ? { body: new ReadableStream<Uint8Array>({ start: (controller) => void (answer = controller) }) }
          : { network: true },
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(
      await screen.findByText(PROTOCOL_MSG.notOnThisDevice, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.connectionError);
    held = true;
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    await waitFor(() => expect(answer).toBeDefined());
    // While it asks again the notice stays, its button busy (the page gave way to a spinner).
    expect(screen.getByText(PROTOCOL_MSG.notOnThisDevice)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toHaveAttribute('data-loading', 'true');
    answer!.enqueue(new TextEncoder().encode(JSON.stringify(protocol())));
    answer!.close();
    expect(await screen.findByLabelText('Opis wykonanych prac')).toBeInTheDocument();
    expect(screen.queryByText(PROTOCOL_MSG.notOnThisDevice)).toBeNull();
  });

  it("titles the screen as the server's PDF does: an installation's configured title", async () => {
    const installation = protocol({ title: 'Protokół montażu i uruchomienia' });
    installation.header = { ...installation.header, fullNumber: '1/03/2026', installation: true };
    fakeApi({ 'GET /api/service/protocol/7': { body: installation } });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(
      await screen.findByRole('heading', { name: 'Protokół montażu i uruchomienia 1/03/2026' }),
    ).toBeInTheDocument();
  });

  it("counts a machine's answers, and gives no count to a machine whose list is empty", async () => {
    const withEmpty = protocol();
    withEmpty.data.checklists.push({
      deviceId: 6,
      deviceName: 'Prasa bez listy',
      serialNumber: '',
      kind: 'SERVICE',
      items: [],
    });
    fakeApi({ 'GET /api/service/protocol/7': { body: withEmpty } });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    const boiler = await screen.findByRole('region', { name: 'Lista kontrolna: Kocioł Żółw' });
    expect(within(boiler).getByText('Odpowiedzi: 0 z 2')).toBeInTheDocument();
    const row = screen.getByRole('group', { name: '1. Sprawdzenie ciśnienia' });
    await userEvent.click(within(row).getByRole('radio', { name: 'POPRAWNE' }));
    expect(within(boiler).getByText('Odpowiedzi: 1 z 2')).toBeInTheDocument();
    const press = screen.getByRole('region', { name: 'Lista kontrolna: Prasa bez listy' });
    expect(within(press).getByText('Brak czynności na liście.')).toBeInTheDocument();
    expect(within(press).queryByText(/^Odpowiedzi:/)).toBeNull();
  });

  it('keeps what was typed offline on the device and sends it when the screen opens again', async () => {
    let online = false;
    const api = fakeApi({
      'GET /api/service/protocol/7': { body: protocol() },
      'PUT /api/service/protocol/7': (call) =>
        online ? { body: { ...protocol(), data: call.body, saved: true } } : { network: true },
    });
    await typeOfflineAndLeave();

    online = true;
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(await screen.findByText('Przywrócono szkic zapisany na tym urządzeniu.')).toBeInTheDocument();
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Wymiana grzałki');
    expect(await screen.findByText('Szkic zapisany na serwerze')).toBeInTheDocument();
    const sent = api.callsTo('PUT', '/api/service/protocol/7').at(-1)!.body as Protocol['data'];
    expect(sent.workDone).toBe('Wymiana grzałki');
  });

  it('merges a draft typed offline with what another device saved meanwhile, when the screen opens again', async () => {
    // The tablet types offline and is closed.
    const { api, server, backOnline } = await janLeftADraft();

    // Meanwhile the office saves its recommendations.
    server.protocol = {
      ...server.protocol,
      data: { ...server.protocol.data, recommendations: 'Smarować co tydzień' },
      updatedAt: '2026-03-15T12:10:00.000Z',
    };
    backOnline();
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(await screen.findByText('Przywrócono szkic zapisany na tym urządzeniu.')).toBeInTheDocument();
    expect(await screen.findByText(PROTOCOL_MSG.protocolMerged)).toBeInTheDocument();
    await waitFor(() => expect(server.protocol.updatedAt).toBe('2026-03-15T12:20:00.000Z'));
    expect(server.protocol.data).toMatchObject({
      workDone: 'Wymiana grzałki',
      recommendations: 'Smarować co tydzień',
    });
    expect(screen.getByLabelText('Zalecenia dla klienta')).toHaveValue('Smarować co tydzień');
    expect(api.callsTo('PUT', '/api/service/protocol/7').at(-1)!.query.get('base')).toBe(
      '2026-03-15T12:10:00.000Z',
    );
  });

  it("takes the draft typed offline on a tablet whose clock is behind the server's", async () => {
    let online = false;
    // The server saved its version at 12:00 by its clock; the tablet's clock says 11:57.
    const saved = protocol({ saved: true, updatedAt: '2026-03-15T12:00:00.000Z' });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T11:57:00Z') });
    try {
      const api = fakeApi({
        'GET /api/service/protocol/7': { body: saved },
        'PUT /api/service/protocol/7': (call) =>
          online
            ? { body: { ...saved, data: call.body, updatedAt: '2026-03-15T12:05:00.000Z' } }
            : { network: true },
      });
      const first = renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
      await userEvent.type(await screen.findByLabelText('Opis wykonanych prac'), 'Wymieniono czujnik');
      await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
      expect(
        await screen.findByText(/^Brak połączenia: szkic zapisany na tym urządzeniu/),
      ).toBeInTheDocument();
      first.unmount();

      online = true;
      renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
      expect(await screen.findByText('Przywrócono szkic zapisany na tym urządzeniu.')).toBeInTheDocument();
      expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Wymieniono czujnik');
      expect(await screen.findByText('Szkic zapisany na serwerze')).toBeInTheDocument();
      const sent = api.callsTo('PUT', '/api/service/protocol/7').at(-1)!;
      expect((sent.body as Protocol['data']).workDone).toBe('Wymieniono czujnik');
      expect(sent.query.get('asDraft')).toBe('true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('names no one else when the version saved meanwhile was its own save whose answer was lost', async () => {
    let server = protocol({ saved: true, updatedAt: '2026-03-15T12:00:00.000Z' });
    let answerLost = true;
    fakeApi({
      'GET /api/service/protocol/7': () => ({ body: server }),
      'PUT /api/service/protocol/7': (call) => {
        if (call.query.get('base') !== server.updatedAt)
          return {
            status: 409,
            body: { message: PROTOCOL_MSG.protocolChangedMeanwhile, code: 'CHANGED_MEANWHILE' },
          };
        // The save reaches the server; its answer does not reach the tablet.
        const at = answerLost ? '2026-03-15T12:05:00.000Z' : '2026-03-15T12:06:00.000Z';
        server = { ...server, data: call.body as Protocol['data'], updatedAt: at };
        if (!answerLost) return { body: server };
        answerLost = false;
        return { network: true };
      },
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    await userEvent.type(await screen.findByLabelText('Opis wykonanych prac'), 'Wymiana grzałki');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText(/^Brak połączenia: szkic zapisany na tym urządzeniu/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Zalecenia dla klienta'), 'Smarować co tydzień');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText('Szkic zapisany na serwerze')).toBeInTheDocument();
    expect(server.updatedAt).toBe('2026-03-15T12:06:00.000Z');
    expect(server.data).toMatchObject({
      workDone: 'Wymiana grzałki',
      recommendations: 'Smarować co tydzień',
    });
    expect(screen.queryByText(PROTOCOL_MSG.protocolMerged)).toBeNull();
  });

  it("takes in another screen's changes saved meanwhile, keeps this screen's, and saves both", async () => {
    // The technician's tablet saved the work done after the office opened the same draft.
    const theirs = protocol({
      saved: true,
      updatedAt: '2026-03-15T12:05:00.000Z',
      data: {
        ...protocol().data,
        workDone: 'Wymieniono łożysko wrzeciona',
        checklists: protocol().data.checklists.map((list) => ({
          ...list,
          items: list.items.map((item) => (item.key === '5:2' ? { ...item, answer: 'POPRAWNE' } : item)),
        })),
      },
    });
    const { api, server } = versionedServer(protocol(), '2026-03-15T12:06:00.000Z');
    // Opened on the template, before the tablet's save.
    renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    await screen.findByLabelText('Zalecenia dla klienta');
    server.protocol = theirs;
    await userEvent.type(screen.getByLabelText('Zalecenia dla klienta'), 'Smarować co tydzień');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));

    expect(await screen.findByText(PROTOCOL_MSG.protocolMerged)).toBeInTheDocument();
    await waitFor(() => expect(server.protocol.updatedAt).toBe('2026-03-15T12:06:00.000Z'));
    // Both screens' work is on the server, and on this screen.
    expect(server.protocol.data.workDone).toBe('Wymieniono łożysko wrzeciona');
    expect(server.protocol.data.recommendations).toBe('Smarować co tydzień');
    expect(server.protocol.data.checklists[0].items[1].answer).toBe('POPRAWNE');
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Wymieniono łożysko wrzeciona');
    expect(screen.getByLabelText('Zalecenia dla klienta')).toHaveValue('Smarować co tydzień');
    const puts = api.callsTo('PUT', '/api/service/protocol/7');
    expect(puts.map((c) => c.query.get('base'))).toEqual(['', '2026-03-15T12:05:00.000Z']);
  });

  it("says so when the protocol was signed in another tab meanwhile, and keeps this tab's text on the device", async () => {
    let signed = false;
    const signedVersion = () =>
      protocol({
        saved: true,
        signed: true,
        updatedAt: '2026-03-15T12:10:00.000Z',
        header: { ...protocol().header, state: 'PODPISANY', fullNumber: '12/03/2026' },
        data: { ...protocol().data, workDone: 'Wersja podpisana' },
      });
    const api = fakeApi({
      'GET /api/service/protocol/7': () => ({ body: signed ? signedVersion() : protocol() }),
      'PUT /api/service/protocol/7': (call) =>
        signed && call.query.get('asDraft') === 'true'
          ? { status: 409, body: { message: PROTOCOL_MSG.protocolSignedMeanwhile, code: 'SIGNED_MEANWHILE' } }
          : { body: { ...protocol(), data: call.body, saved: true } },
    });
    // An administrator's second tab, opened while the protocol was a draft.
    const first = renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    await screen.findByLabelText('Opis wykonanych prac');
    signed = true;
    await userEvent.type(screen.getByLabelText('Opis wykonanych prac'), 'Dopisane w drugiej karcie');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText(PROTOCOL_MSG.protocolSignedMeanwhile)).toBeInTheDocument();
    first.unmount();

    // Opened again: the signed version is the protocol; this tab's text is offered, not lost.
    renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    expect(await screen.findByText(PROTOCOL_MSG.protocolUnacceptedByAdmin)).toBeInTheDocument();
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Dopisane w drugiej karcie');
    await userEvent.click(screen.getByRole('button', { name: 'Usuń tę wersję z urządzenia' }));
    await waitFor(() => expect(screen.queryByText(PROTOCOL_MSG.protocolUnacceptedByAdmin)).toBeNull());
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Wersja podpisana');
    // Nothing of the second tab reached the signed protocol.
    expect(
      api.callsTo('PUT', '/api/service/protocol/7').every((c) => c.query.get('asDraft') === 'true'),
    ).toBe(true);
  });

  it('says why the server refuses the draft of an event rejected meanwhile, and keeps the text shown', async () => {
    let rejected = false;
    const closed = () => protocol({ editable: false, header: { ...protocol().header, state: 'ODRZUCONY' } });
    fakeApi({
      'GET /api/service/protocol/7': () => ({ body: rejected ? closed() : protocol() }),
      'PUT /api/service/protocol/7': () =>
        rejected
          ? { status: 403, body: { message: PROTOCOL_MSG.serviceClosedForAuthor, code: 'LOCKED' } }
          : { body: { ...protocol(), saved: true } },
    });
    const first = renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    await screen.findByLabelText('Opis wykonanych prac');
    // An administrator rejects the event while the author types.
    rejected = true;
    await userEvent.type(screen.getByLabelText('Opis wykonanych prac'), 'Druga część po odrzuceniu');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText(PROTOCOL_MSG.serviceClosedForAuthor)).toBeInTheDocument();
    first.unmount();

    // Opened again: not editable any more, but the text typed here is shown, with why, and can go.
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(await screen.findByText(PROTOCOL_MSG.protocolUnaccepted)).toBeInTheDocument();
    expect(screen.getByText(PROTOCOL_MSG.protocolOfRejectedEvent)).toBeInTheDocument();
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Druga część po odrzuceniu');
    await userEvent.click(screen.getByRole('button', { name: 'Usuń tę wersję z urządzenia' }));
    await waitFor(() => expect(screen.queryByText(PROTOCOL_MSG.protocolUnaccepted)).toBeNull());
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('');
  });

  it("on a shared tablet, names another employee's draft and saves it as the next one's only when asked", async () => {
    // Jan types offline on the tablet and leaves it.
    const { api, server, backOnline } = await janLeftADraft();

    // Anna opens the protocol on that tablet: Jan's text is named, not put in the form nor sent.
    const jansCalls = api.callsTo('PUT', '/api/service/protocol/7').length;
    backOnline();
    renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    expect(await screen.findByText(PROTOCOL_MSG.othersDraft('Jan Kowalski'))).toBeInTheDocument();
    expect(screen.queryByText('Przywrócono szkic zapisany na tym urządzeniu.')).toBeNull();
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('');
    // Her own change is saved; Jan's version stays on the device meanwhile.
    await userEvent.type(screen.getByLabelText('Zalecenia dla klienta'), 'Smarować co tydzień');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    await waitFor(() => expect(server.protocol.data.recommendations).toBe('Smarować co tydzień'));
    expect(server.protocol.data.workDone).toBe('');
    const annasCalls = api.callsTo('PUT', '/api/service/protocol/7').slice(jansCalls);
    expect(annasCalls.length).toBeGreaterThan(0);
    expect(annasCalls.every((c) => !JSON.stringify(c.body).includes('grzałki'))).toBe(true);

    // Asked, it is taken in beside hers (what she typed since her save too) and saved.
    await userEvent.type(screen.getByLabelText('Zalecenia dla klienta'), ' i łańcuch');
    await userEvent.click(screen.getByRole('button', { name: 'Wczytaj tę wersję' }));
    await waitFor(() =>
      expect(server.protocol.data).toMatchObject({
        workDone: 'Wymiana grzałki',
        recommendations: 'Smarować co tydzień i łańcuch',
      }),
    );
    expect(screen.queryByText(PROTOCOL_MSG.othersDraft('Jan Kowalski'))).toBeNull();
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Wymiana grzałki');
  });

  it("asks before another employee's draft is deleted from the device", async () => {
    const { backOnline } = await janLeftADraft();
    backOnline();
    const first = renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń tę wersję z urządzenia' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('wersję protokołu wpisaną na tym urządzeniu przez: Jan Kowalski');
    await userEvent.click(within(question).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(screen.queryByText(PROTOCOL_MSG.othersDraft('Jan Kowalski'))).toBeNull());
    first.unmount();
    renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    await screen.findByLabelText('Opis wykonanych prac');
    expect(screen.queryByText(PROTOCOL_MSG.othersDraft('Jan Kowalski'))).toBeNull();
  });

  it("shows another employee's draft where this one cannot save it, naming whose it is and not why it was refused", async () => {
    let closed = false;
    fakeApi({
      'GET /api/service/protocol/7': () => ({ body: protocol({ editable: !closed }) }),
      'PUT /api/service/protocol/7': () => ({ network: true }),
    });
    await typeOfflineAndLeave();

    // Ewa, who may not fill in Jan's protocol, opens it on the same tablet.
    closed = true;
    const ewa = { ...JAN_USER, id: 3, email: 'ewa@firma.pl', firstName: 'Ewa', lastName: 'Zielińska' };
    renderScreen(<ServiceProtocolPage />, { url: URL, session: ewa });
    expect(
      await screen.findByText(PROTOCOL_MSG.protocolUnacceptedOf('Jan Kowalski', false)),
    ).toBeInTheDocument();
    expect(screen.queryByText(PROTOCOL_MSG.protocolUnaccepted)).toBeNull();
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Wymiana grzałki');
    // Jan's text, which nobody else has, goes only after a question.
    await userEvent.click(screen.getByRole('button', { name: 'Usuń tę wersję z urządzenia' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('przez: Jan Kowalski');
  });

  it('opens without the network from the copy on the device, and sends the draft when it is back', async () => {
    let online = true;
    const api = fakeApi({
      'GET /api/service/protocol/7': () => (online ? { body: protocol() } : { network: true }),
      'PUT /api/service/protocol/7': (call) =>
        online ? { body: { ...protocol(), data: call.body, saved: true } } : { network: true },
    });
    // Opened online: the server's answer is kept on the device beside the draft.
    const first = renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    await screen.findByLabelText('Opis wykonanych prac');
    online = false;
    const row = screen.getByRole('group', { name: '1. Sprawdzenie ciśnienia' });
    await userEvent.click(within(row).getByRole('radio', { name: 'NIEPOPRAWNE' }));
    await userEvent.type(within(row).getByLabelText('Ciśnienie [bar]'), '3,1');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }));
    expect(await screen.findByText(/^Brak połączenia: szkic zapisany na tym urządzeniu/)).toBeInTheDocument();
    first.unmount();

    // A reload while offline: the server cannot be reached; the screen builds itself from the device.
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(await screen.findByText('Brak połączenia z serwerem')).toBeInTheDocument();
    expect(await screen.findByText('Przywrócono szkic zapisany na tym urządzeniu.')).toBeInTheDocument();
    expect(screen.getByText('Klient').nextSibling).toHaveTextContent(
      'Żabka Sp. z o.o., ul. Gęślą 7, 90-001 Łódź',
    );
    const again = screen.getByRole('group', { name: '1. Sprawdzenie ciśnienia' });
    expect(within(again).getByRole('radio', { name: 'NIEPOPRAWNE' })).toBeChecked();
    expect(within(again).getByLabelText('Ciśnienie [bar]')).toHaveValue('3,1');

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Szkic zapisany na serwerze')).toBeInTheDocument();
    expect(screen.queryByText('Brak połączenia z serwerem')).toBeNull();
    const sent = api.callsTo('PUT', '/api/service/protocol/7').at(-1)!.body as Protocol['data'];
    expect(sent.checklists[0].items[0]).toMatchObject({
      answer: 'NIEPOPRAWNE',
      fields: [{ name: 'Ciśnienie', unit: 'bar', value: '3,1' }],
    });
  });

  it('says so when the network is away and nothing of the protocol is on the device', async () => {
    fakeApi({ 'GET /api/service/protocol/7': { network: true } });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(await screen.findByRole('alert')).toHaveTextContent('Błąd połączenia z serwerem.');
  });

  it("does not sign over another screen's save it has not seen: takes it in and asks to sign again", async () => {
    const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
    const ready = protocol({
      saved: true,
      updatedAt: '2026-03-15T12:00:00.000Z',
      data: {
        ...protocol().data,
        checklists: protocol().data.checklists.map((list) => ({
          ...list,
          items: list.items.map((item) => ({ ...item, answer: 'POPRAWNE' as const })),
        })),
        customerSignerName: 'Jan Nowak',
        technicianSignature: SIGNATURE,
        customerSignature: SIGNATURE,
      },
    });
    const { api, server } = versionedServer(ready, '2026-03-15T12:20:00.000Z', undefined, (server) => ({
      'POST /api/service/protocol/7/sign': (call) =>
        call.query.get('base') === server.protocol.updatedAt
          ? { body: { ...server.protocol, signed: true } }
          : {
              status: 409,
              body: { message: PROTOCOL_MSG.protocolChangedBeforeSigning, code: 'CHANGED_MEANWHILE' },
            },
    }));
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    await screen.findByLabelText('Zalecenia dla klienta');
    // The office saves its recommendations meanwhile; this screen has not seen them.
    server.protocol = {
      ...server.protocol,
      data: { ...server.protocol.data, recommendations: 'Smarować co tydzień' },
      updatedAt: '2026-03-15T12:10:00.000Z',
    };
    await userEvent.click(screen.getByRole('button', { name: 'Podpisz protokół' }));
    expect(await screen.findByText(PROTOCOL_MSG.protocolChangedBeforeSigning)).toBeInTheDocument();
    // Said once: not again by the notice of a merged draft.
    expect(screen.queryByText(PROTOCOL_MSG.protocolMerged)).toBeNull();
    await waitFor(() =>
      expect(screen.getByLabelText('Zalecenia dla klienta')).toHaveValue('Smarować co tydzień'),
    );
    // The merged form is on the server, ready to be signed as seen.
    await waitFor(() => expect(server.protocol.updatedAt).toBe('2026-03-15T12:20:00.000Z'));
    expect(server.protocol.data).toMatchObject({
      recommendations: 'Smarować co tydzień',
      customerSignerName: 'Jan Nowak',
    });
    expect(api.callsTo('POST', '/api/service/protocol/7/sign')[0]!.query.get('base')).toBe(
      '2026-03-15T12:00:00.000Z',
    );
  });

  it('names what is missing before signing, without asking the server, and brings it into view', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const api = fakeApi({ 'GET /api/service/protocol/7': { body: protocol() } });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Podpisz protokół' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'Nie można podpisać protokołu. Brakuje: podpisu serwisanta, podpisu klienta, imienia i nazwiska podpisującego klienta, odpowiedzi w punkcie „Sprawdzenie ciśnienia” (Kocioł Żółw), odpowiedzi w punkcie „Czyszczenie filtrów” (Kocioł Żółw).',
    );
    expect(api.callsTo('POST', '/api/service/protocol/7/sign')).toHaveLength(0);
    // Far below the button on a long protocol: scrolled to, and the focus moves to it.
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(scrolled.mock.contexts[0]).toContainElement(banner);
    expect(document.activeElement).toContainElement(banner);
    // Pressed again from the top of the page, the banner is brought back.
    screen.getByRole('button', { name: 'Podpisz protokół' }).focus();
    await userEvent.click(screen.getByRole('button', { name: 'Podpisz protokół' }));
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(2));
    expect(document.activeElement).toContainElement(screen.getByRole('alert'));
    scrolled.mockRestore();

    // Filled in after the refusal, the list follows without another press of the button.
    await userEvent.type(screen.getByLabelText('Imię i nazwisko podpisującego (klient)'), 'Anna Żółw');
    const pressure = screen.getByRole('group', { name: '1. Sprawdzenie ciśnienia' });
    await userEvent.click(within(pressure).getByRole('radio', { name: 'POPRAWNE' }));
    const filters = screen.getByRole('group', { name: '2. Czyszczenie filtrów' });
    await userEvent.click(within(filters).getByRole('radio', { name: 'POPRAWNE' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nie można podpisać protokołu. Brakuje: podpisu serwisanta, podpisu klienta.',
    );
  });

  it('refuses to sign while a time is half typed, naming the field and putting the focus there', async () => {
    const api = fakeApi({ 'GET /api/service/protocol/7': { body: protocol() } });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    const arrival = await screen.findByLabelText<HTMLInputElement>('Przyjazd');
    // "0930" on a 12-hour clock without AM or PM: the field holds no time, and says so.
    Object.defineProperty(arrival, 'validity', { value: { badInput: true, valid: false } });
    await userEvent.click(screen.getByRole('button', { name: 'Podpisz protokół' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PROTOCOL_MSG.protocolTimeIncomplete('Przyjazd'),
    );
    expect(arrival).toHaveFocus();
    expect(api.callsTo('POST', '/api/service/protocol/7/sign')).toHaveLength(0);
  });

  it("says an administrator's corrections of a signed protocol are saved, not a draft", async () => {
    const signed = protocol({
      signed: true,
      editable: true,
      saved: true,
      signedAt: '2026-03-15T10:00:00.000Z',
    });
    signed.header.fullNumber = '4/03/2026';
    fakeApi({ 'GET /api/service/protocol/7': { body: signed } });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    expect(await screen.findByText(PROTOCOL_SYNC_TEXT.savedSigned)).toBeInTheDocument();
    expect(screen.queryByText(PROTOCOL_SYNC_TEXT.saved)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zapisz zmiany' })).toBeInTheDocument();
    // The work is corrected; who signed for the customer is not (the name goes with the signature).
    expect(screen.getByLabelText('Opis wykonanych prac')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Imię i nazwisko podpisującego (klient)')).toHaveAttribute('readonly');
  });

  it('says at once that the signed PDF names the former customer or machines, and how to mend it', async () => {
    const moved = protocol({
      signed: true,
      editable: true,
      saved: true,
      signedAt: '2026-03-15T10:00:00.000Z',
    });
    const api = fakeApi({
      'GET /api/service/protocol/7': { body: { ...moved, signedForOthers: true } },
      'PUT /api/service/protocol/7': { body: { ...moved, signedForOthers: false, fileId: 12 } },
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    expect(await screen.findByText(PROTOCOL_MSG.signedForOthersNotice)).toBeInTheDocument();
    // Not sent as it is: the PDF tells the former data.
    expect(screen.getByRole('button', { name: 'Wyślij do klienta' })).toBeDisabled();
    // The correction's new PDF names the event as it is: the notice goes, and it may be sent.
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/service/protocol/7')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(PROTOCOL_MSG.signedForOthersNotice)).toBeNull());
    expect(screen.getByRole('button', { name: 'Wyślij do klienta' })).toBeEnabled();
  });

  it('opens a signed protocol read-only, with the signatures and "Wyślij do klienta"', async () => {
    const signed = protocol({
      signed: true,
      editable: false,
      saved: true,
      signedAt: '2026-03-15T10:00:00.000Z',
    });
    signed.header.fullNumber = '4/03/2026';
    signed.data.technicianSignature = 'data:image/png;base64,AAAA';
    signed.data.checklists[0].items[0].answer = 'POPRAWNE';
    const api = fakeApi({
      'GET /api/service/protocol/7': { body: signed },
      'POST /api/service/protocol/7/send': {
        body: { message: 'Wysłano protokół do klienta.', sentTo: 'k@z.pl' },
      },
    });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: JAN_USER });
    expect(await screen.findByText('Podpisany protokół można tylko przeglądać.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Podpisz protokół' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zapisz szkic' })).toBeNull();
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveAttribute('readonly');
    expect(screen.getAllByRole('radio', { name: 'POPRAWNE' })[0]).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Podpis serwisanta' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij do klienta' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Adres e-mail klienta')).toHaveValue('k@z.pl');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/service/protocol/7/send')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/service/protocol/7/send')[0].body).toEqual({ email: 'k@z.pl' });
    expect(await screen.findByText('Wysłano protokół do klienta. Adres: k@z.pl.')).toBeInTheDocument();
  });

  it("says an event signed without the app's protocol has only the blank form to print, and nothing to send", async () => {
    // "Podpisz przy zapisie" or a scan: signed, with no protocol signed in the app.
    const outside = protocol({ signed: true, editable: false, saved: false, signedAt: null });
    outside.header.fullNumber = '5/03/2026';
    fakeApi({ 'GET /api/service/protocol/7': { body: outside } });
    renderScreen(<ServiceProtocolPage />, { url: URL, session: ANNA_ADMIN });
    expect(await screen.findByText('Zdarzenie podpisane bez protokołu w aplikacji')).toBeInTheDocument();
    expect(screen.queryByText('Protokół podpisany')).toBeNull();
    expect(screen.getByRole('button', { name: 'Drukuj do skanu (PDF)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PDF protokołu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Wyślij do klienta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zapisz zmiany' })).toBeNull();
  });
});

describe('the draft autosave', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a draft no later than 10 s after the first change, even while the typing goes on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const api = fakeApi({
      'PUT /api/service/protocol/7': (call) => ({ body: { ...protocol(), data: call.body, saved: true } }),
    });
    const client = new QueryClient();
    const { result } = renderHook(() => useDraftSync(protocol({ saved: true })), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    const sent = () =>
      api.callsTo('PUT', '/api/service/protocol/7').map((c) => (c.body as Protocol['data']).workDone);
    const type = (letter: string) =>
      act(() => result.current.setData((d) => ({ ...d, workDone: d.workDone + letter })));

    // A technician types a letter every second: each change postpones the save by 1.5 s…
    for (let second = 0; second < AUTOSAVE_MAX_WAIT_MS / 1000; second++) {
      await type('a');
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    // …until 10 s after the first one: what was typed so far goes then.
    expect(sent()).toEqual(['a'.repeat(10)]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(result.current.state).toBe('saved');

    // The next change starts the count again; when the typing stops, it goes 1.5 s after the last.
    await type('b');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 100));
    expect(sent()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(sent()).toEqual(['a'.repeat(10), `${'a'.repeat(10)}b`]);
  });
});
