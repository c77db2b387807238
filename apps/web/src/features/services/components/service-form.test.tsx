import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INSPECTION_CYCLE_TEXT,
  MSG,
  SERVICE_ADDED_TEXT,
  SERVICE_DATE_MSG,
  SERVICE_MACHINES_TEXT,
  SERVICE_TYPES,
  UPLOAD_MSG,
  addMonths,
  type Service,
} from '@serwis/domain';
import { ANNA_ADMIN, fakeApi, jsonPartOf } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleService } from '../../../../test/samples';
import { companyToday } from '../../../lib/company-time';
import { ServiceFormModal } from './service-form-modal';

afterEach(() => vi.unstubAllGlobals());

const LASER = { id: 7, name: 'Laser', serialNumber: 'L-1', customerId: 11 };

const customers = [
  { id: 11, shortName: 'ACME', fullName: 'ACME Sp. z o.o.' },
  { id: 12, shortName: 'Beta', fullName: 'Beta SA' },
];

function openNew(routes: Parameters<typeof fakeApi>[0] = {}, maxUploadMb = 200) {
  const api = fakeApi({ 'GET /api/customer/findAll': { body: customers }, ...routes });
  const onClose = vi.fn();
  renderScreen(
    <ServiceFormModal
      target="new"
      devices={[LASER]}
      defaultCustomerId={11}
      readOnly={false}
      isAdmin
      onClose={onClose}
    />,
    { url: '/m', maxUploadMb },
  );
  return { api, onClose };
}

const numberField = () => screen.getByRole('textbox', { name: /Numer protokołu/ });
const signBox = () => screen.getByRole('checkbox', { name: 'Podpisz przy zapisie' });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));

describe('ServiceFormModal: closing with changes not saved', () => {
  it('asks before Esc or "Anuluj" lose what was typed, and closes at once when nothing was', async () => {
    const { onClose } = openNew();
    const description = await screen.findByLabelText('Opis usterki');
    await userEvent.type(description, 'Nie grzeje');
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    expect(within(question).getByText(MSG.unsavedQuestion)).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: MSG.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.unsavedTitle })).toBeNull());
    expect(screen.getByLabelText('Opis usterki')).toHaveValue('Nie grzeje');
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    const again = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    await userEvent.click(within(again).getByRole('button', { name: MSG.discardChanges }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes an untouched form without asking', async () => {
    const { onClose } = openNew();
    await screen.findByLabelText('Opis usterki');
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: MSG.unsavedTitle })).toBeNull();
  });
});

describe('ServiceForm: protocol number', () => {
  it('shows "(auto)" until signed on save, then takes a number with an uppercased letter', async () => {
    openNew();
    expect(numberField()).toBeDisabled();
    expect(numberField()).toHaveValue('(auto)');

    await userEvent.click(signBox());
    expect(numberField()).toBeEnabled();
    expect(numberField()).toHaveValue('');

    await userEvent.type(numberField(), '25b');
    expect(numberField()).toHaveValue('25B');
    expect(screen.queryByText(/Niepoprawny numer protokołu/)).toBeNull();

    await userEvent.type(numberField(), 'x');
    expect(
      screen.getByText('Niepoprawny numer protokołu (dopuszczalne np. 25, 25A, 25B...25Z)'),
    ).toBeInTheDocument();

    await userEvent.clear(numberField());
    expect(screen.queryByText(/Niepoprawny numer protokołu/)).toBeNull();

    // Said as it is typed also when the text ends in a digit (a letter first, a dot, a minus).
    for (const typed of ['x1', '1.5', '-3']) {
      await userEvent.clear(numberField());
      await userEvent.type(numberField(), typed);
      expect(screen.queryByText(/Niepoprawny numer protokołu/), typed).not.toBeNull();
    }
    await userEvent.clear(numberField());

    await userEvent.click(signBox());
    expect(numberField()).toHaveValue('(auto)');
  });

  it('refuses to save while the number is invalid', async () => {
    const { api } = openNew();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    await userEvent.click(signBox());
    await userEvent.type(numberField(), '12AB');
    await save();
    expect(screen.getByText(/Niepoprawny numer protokołu/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('ServiceForm: saving a new event', () => {
  it('refuses a protocol file over the upload limit before sending anything', async () => {
    const { api } = openNew({}, 1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'skan.pdf', { type: 'application/pdf' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, big);
    await save();
    expect(await screen.findByText('Plik jest za duży (maks. 1 MB).')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends serviceJson and the protocol file as multipart; period -1 without an inspection', async () => {
    const { api, onClose } = openNew({
      'POST /api/service/add': { status: 201, body: sampleService() },
    });
    expect(screen.queryByRole('textbox', { name: /Okres/ })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    expect(screen.queryByRole('textbox', { name: /Okres/ })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Opis usterki' }), 'Nie działa chłodzenie.');
    await userEvent.click(signBox());
    await userEvent.type(numberField(), '25a');
    const file = new File(['%PDF'], 'protokol.pdf', { type: 'application/pdf' });
    expect(screen.getByRole('button', { name: 'Protokół serwisowy (plik)' })).toBeInTheDocument();
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await save();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.calls.filter((c) => c.method === 'POST');
    expect(call.url).toBe('/api/service/add');
    expect(call.body).toBeInstanceOf(FormData);
    expect(await jsonPartOf(call.body, 'serviceJson')).toEqual({
      id: 0,
      // The company's today (Warsaw), not the test machine's: they differ for an hour or two at midnight.
      date: companyToday(),
      number: 25,
      numberExtension: 'A',
      paymentType: 'PLATNA',
      type: ['NAPRAWA'],
      customer: { id: 11 },
      isToSign: true,
      faultDescription: 'Nie działa chłodzenie.',
      period: -1,
      devices: [{ id: 7 }],
      todo: '',
    });
    expect(((call.body as FormData).get('protocolSerwisowyFile') as File).name).toBe('protokol.pdf');
  });

  it('sends one event for a double press of "Zapisz", and again once the first is answered', async () => {
    let answers = 0;
    const { api } = openNew({
      'POST /api/service/add': () =>
        ++answers === 1
          ? { status: 409, body: { message: 'Zdarzenie o podanym numerze już istnieje.' } }
          : { status: 201, body: sampleService() },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    const button = screen.getByRole('button', { name: 'Zapisz' });
    // Two presses in one moment, before the button can show it is saving.
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText('Dokument z podanym numerem już istnieje!');
    expect(api.callsTo('POST', '/api/service/add')).toHaveLength(1);
    // Refused: the form stays, and the next press sends again.
    await save();
    await waitFor(() => expect(api.callsTo('POST', '/api/service/add')).toHaveLength(2));
  });

  it('"Anuluj" while the scan is on its way stops it, shows its progress till then, and leaves "Zapisz" working', async () => {
    let answers = 0;
    const { api, onClose } = openNew({
      'POST /api/service/add': () =>
        // The first answer never comes: the scan is still on its way when "Anuluj" is pressed.
        ++answers === 1
          ? { status: 201, body: new ReadableStream() }
          : { status: 201, body: sampleService() },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    const scan = new File([new Uint8Array(2 * 1024 * 1024)], 'skan.pdf', { type: 'application/pdf' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, scan);
    await save();
    const bar = await screen.findByRole('progressbar', { name: UPLOAD_MSG.progressLabel });
    // Half of the body and the event's JSON part (test/fake-xhr.ts).
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(49);
    expect(screen.getByText(/^Wysłano 1 MB z 2 MB \(49%\)$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: MSG.unsavedTitle })).getByRole('button', {
        name: MSG.discardChanges,
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    const [, sentWith] = api.fetch.mock.calls.find(([url]) => String(url) === '/api/service/add')!;
    expect(sentWith!.signal!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());

    // Reopened (the same form here), "Zapisz" sends again and the event is saved.
    await save();
    await waitFor(() => expect(api.callsTo('POST', '/api/service/add')).toHaveLength(2));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('names the new event in the notice: its id while unnumbered, its number once signed', async () => {
    openNew({ 'POST /api/service/add': { status: 201, body: sampleService({ id: 10001, number: 0 }) } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    await save();
    expect(await screen.findByText(SERVICE_ADDED_TEXT.unnumbered(10001))).toBeInTheDocument();
  });

  it('shows the period only for an inspection and sends the value given', async () => {
    const { api } = openNew({ 'POST /api/service/add': { status: 201, body: sampleService() } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Przegląd okresowy' }));
    const period = screen.getByRole('textbox', { name: /Okres/ });
    // Empty, it says what an inspection without a period means; given, only the usual values.
    expect(screen.getByText(MSG.inspectionPeriodMissingHint)).toBeInTheDocument();
    await userEvent.type(period, '12');
    expect(screen.getByText('6, 12, 18, 24… miesięcy')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const json = await jsonPartOf(api.calls.find((c) => c.method === 'POST')!.body, 'serviceJson');
    expect(json).toMatchObject({ type: ['PRZEGLAD_OKRESOWY'], period: 12, isToSign: false, number: 0 });
    expect(api.calls.find((c) => c.method === 'POST')!.body).toBeInstanceOf(FormData);
    expect((api.calls.find((c) => c.method === 'POST')!.body as FormData).has('protocolSerwisowyFile')).toBe(
      false,
    );
  });

  it("suggests the machine's next period, and warns when the one typed is not it, saving it anyway", async () => {
    const cycle = { transferDate: '2025-01-15', isPeriodicInspectionEnabled: true };
    const { api } = openNew({
      'GET /api/device/inspectionCycles': { body: [{ id: 7, name: 'Laser', lastPeriod: 12, ...cycle }] },
      'POST /api/service/add': { status: 201, body: sampleService() },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Przegląd okresowy' }));
    const period = screen.getByRole('textbox', { name: /Okres/ });
    await waitFor(() => expect(period).toHaveAccessibleDescription(INSPECTION_CYCLE_TEXT.suggested(18)));
    expect(api.callsTo('GET', '/api/device/inspectionCycles')[0].query.get('ids')).toBe('7');
    expect(api.callsTo('GET', '/api/device/inspectionCycles')[0].query.has('exceptService')).toBe(false);
    // Told once the field is left, not at the first digit typed.
    await userEvent.type(period, '12');
    expect(period).toHaveAccessibleDescription(MSG.inspectionPeriodHint);
    await userEvent.tab();
    const warning = 'Maszyna „Laser” ma już przegląd za 12 mies.: następny to 18 mies. Zapisze się i tak.';
    expect(period).toHaveAccessibleDescription(warning);
    await userEvent.clear(period);
    await userEvent.type(period, '18');
    await userEvent.tab();
    expect(period).toHaveAccessibleDescription(MSG.inspectionPeriodHint);
    await userEvent.clear(period);
    await userEvent.type(period, '12');
    await userEvent.tab();
    expect(period).toHaveAccessibleDescription(warning);
    await save();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const json = await jsonPartOf(api.calls.find((c) => c.method === 'POST')!.body, 'serviceJson');
    expect(json).toMatchObject({ type: ['PRZEGLAD_OKRESOWY'], period: 12 });
  });

  it("weighs an edited inspection's period without its own, and asks nothing for a repair", async () => {
    const api = fakeApi({
      'GET /api/customer/findAll': { body: customers },
      'GET /api/device/inspectionCycles': {
        body: [
          {
            id: 7,
            name: 'Laser',
            transferDate: '2025-01-15',
            isPeriodicInspectionEnabled: true,
            lastPeriod: 6,
          },
        ],
      },
    });
    const service = sampleService({ id: 40, state: 'UTWORZONY', type: ['PRZEGLAD_OKRESOWY'], period: 12 });
    renderScreen(
      <ServiceFormModal target={service} devices={[LASER]} readOnly={false} isAdmin onClose={() => {}} />,
      { url: '/m' },
    );
    const period = screen.getByRole('textbox', { name: /Okres/ });
    await waitFor(() => expect(api.callsTo('GET', '/api/device/inspectionCycles')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/device/inspectionCycles')[0].query.get('exceptService')).toBe('40');
    // Weighed against the inspections up to its own date, not later ones.
    expect(api.callsTo('GET', '/api/device/inspectionCycles')[0].query.get('before')).toBe(
      sampleService().date,
    );
    expect(period).toHaveAccessibleDescription(MSG.inspectionPeriodHint);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Przegląd okresowy' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    expect(screen.queryByRole('textbox', { name: /Okres/ })).toBeNull();
    expect(api.callsTo('GET', '/api/device/inspectionCycles')).toHaveLength(1);
  });

  it('sends -1 when an inspection is chosen without a period', async () => {
    const { api } = openNew({ 'POST /api/service/add': { status: 201, body: sampleService() } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Przegląd okresowy' }));
    await save();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await jsonPartOf(api.calls.find((c) => c.method === 'POST')!.body, 'serviceJson')).toMatchObject({
      period: -1,
    });
  });

  it('refuses a period off the six-month cycle under its field, without sending', async () => {
    const { api } = openNew({ 'POST /api/service/add': { status: 201, body: sampleService() } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Przegląd okresowy' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Okres/ }), '7');
    await save();
    expect(await screen.findByText(MSG.inspectionPeriodStep)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Okres/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    // "1,5" is not read as 15 months.
    const period = screen.getByRole('textbox', { name: /Okres/ });
    await userEvent.clear(period);
    await userEvent.type(period, '1,5');
    expect(period).toHaveValue('1.5');
    expect(period).not.toHaveAccessibleDescription(expect.stringContaining(MSG.inspectionPeriodStep));
    await save();
    await waitFor(() =>
      expect(period).toHaveAccessibleDescription(expect.stringContaining(MSG.inspectionPeriodStep)),
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('puts the focus on the first type when none is ticked, as on any field in need of mending', async () => {
    const { api } = openNew();
    await save();
    expect(await screen.findByText(MSG.serviceTypeRequired)).toBeInTheDocument();
    const firstType = screen.getByRole('checkbox', { name: SERVICE_TYPES[0].label });
    await waitFor(() => expect(firstType).toHaveFocus());
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('keeps the focus in the dialog after a day is picked from the calendar by keyboard', async () => {
    openNew();
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByRole('button', { name: /^Data/ });
    date.focus();
    await userEvent.keyboard('{Enter}');
    // The first of the month shown (today's month): the first day button named "1 …".
    const [first] = await screen.findAllByRole('button', { name: /^1 \S+ \d{4}$/ });
    first.focus();
    await userEvent.keyboard('{Enter}');
    // Not on the page behind the dialog, where the next Tab would leave it.
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveTextContent(`${companyToday().slice(0, 8)}01`);
  });

  it('asks for a date and a type before sending anything', async () => {
    const { api } = openNew();
    await userEvent.click(screen.getByRole('button', { name: 'Wyczyść datę' }));
    await save();
    expect(await screen.findByText('Uzupełnij datę!')).toBeInTheDocument();
    expect(screen.getByText('Wybierz typ serwisu!')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the 409 refusal in the banner and keeps what the user typed', async () => {
    const { onClose } = openNew({
      'POST /api/service/add': {
        status: 409,
        body: { message: 'Dokument z podanym numerem już istnieje!', code: 'NUMBER_EXISTS' },
      },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Opis usterki' }), 'Wyciek');
    await userEvent.click(signBox());
    await userEvent.type(numberField(), '7');
    await save();
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Dokument z podanym numerem już istnieje!',
    );
    expect(numberField()).toHaveValue('7');
    expect(screen.getByRole('textbox', { name: 'Opis usterki' })).toHaveValue('Wyciek');
    expect(screen.getByRole('checkbox', { name: 'Naprawa' })).toBeChecked();
    expect(onClose).not.toHaveBeenCalled();
  });
  it('puts a 400 about one field under that field as well as in the banner', async () => {
    const message = 'Pole „Rodzaj płatności”: Nieprawidłowa wartość pola.';
    openNew({
      'POST /api/service/add': { status: 400, body: { message, code: 'VALIDATION', field: 'paymentType' } },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    await save();
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    const payment = within(dialog).getByRole('combobox', { name: 'Płatność' });
    await waitFor(() => expect(payment).toHaveAttribute('aria-invalid', 'true'));
    expect(payment).toHaveAccessibleDescription(message);
  });
});

describe('ServiceForm: editing', () => {
  /** An existing event's form, with the customers and an update the fake server answers. */
  const openEdit = (service: Service, routes: Parameters<typeof fakeApi>[0] = {}) => {
    const api = fakeApi({
      'GET /api/customer/findAll': { body: customers },
      'PUT /api/service/update': { body: sampleService() },
      ...routes,
    });
    renderScreen(
      <ServiceFormModal target={service} devices={[LASER]} readOnly={false} isAdmin onClose={() => {}} />,
      { url: '/m' },
    );
    return api;
  };

  it('sends the update as JSON with the event id and its own machines', async () => {
    const api = fakeApi({
      'GET /api/customer/findAll': { body: customers },
      'GET /api/user/check-auth': { body: ANNA_ADMIN },
      'PUT /api/service/update': { body: sampleService() },
    });
    const service = sampleService({
      state: 'UTWORZONY',
      isToSign: false,
      number: 0,
      numberExtension: '',
      fullNumber: '(auto)',
      type: ['PRZEGLAD_OKRESOWY'],
      period: 12,
      devices: [
        { id: 7, name: 'Laser', type: 'INTERNAL', customer: { id: 11 } },
        { id: 8, name: 'Prasa', type: 'INTERNAL', customer: { id: 11 } },
      ],
    });
    renderScreen(
      <ServiceFormModal
        target={service}
        devices={[LASER]}
        readOnly={false}
        isAdmin={false}
        onClose={() => {}}
      />,
      { url: '/m' },
    );
    expect(screen.getByRole('textbox', { name: /Okres/ })).toHaveValue('12');
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Zadanie do wykonania/ })).toBeDisabled();
    await save();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = api.calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 1, period: 12, devices: [{ id: 7 }, { id: 8 }], isToSign: false });
    // Only admins write to-dos: an employee's form does not send the field.
    expect(body).not.toHaveProperty('todo');
  });

  it('warns under a date after today, the more for an inspection, and saves it as typed', async () => {
    const api = fakeApi({
      'GET /api/customer/findAll': { body: customers },
      'PUT /api/service/update': { body: sampleService() },
    });
    const ahead = addMonths(companyToday(), 1);
    // Not yet numbered (UTWORZONY): no full number to change with the date.
    const service = sampleService({
      state: 'UTWORZONY',
      number: 0,
      numberExtension: '',
      fullNumber: '(auto)',
      date: ahead,
      type: ['PRZEGLAD_OKRESOWY'],
      period: 12,
    });
    renderScreen(
      <ServiceFormModal target={service} devices={[LASER]} readOnly={false} isAdmin onClose={() => {}} />,
      { url: '/m' },
    );
    const date = screen.getByRole('button', { name: /^Data/ });
    expect(date).toHaveAccessibleDescription(SERVICE_DATE_MSG.inspectionDateAheadWarning);
    // Without a period the inspection does not move the next one (the field's own hint says so).
    await userEvent.clear(screen.getByRole('textbox', { name: /Okres/ }));
    expect(date).toHaveAccessibleDescription(SERVICE_DATE_MSG.serviceDateAheadWarning);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Przegląd okresowy' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    expect(date).toHaveAccessibleDescription(SERVICE_DATE_MSG.serviceDateAheadWarning);
    await save();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ date: ahead });
  });

  it("tells an administrator changing a signed event's payment that its PDF wants a correction", async () => {
    const api = openEdit(sampleService());
    await screen.findByLabelText('Opis usterki');
    expect(screen.queryByText(SERVICE_MACHINES_TEXT.signedFieldsChange)).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Płatność' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Płatna' }));
    expect(await screen.findByText(SERVICE_MACHINES_TEXT.signedFieldsChange)).toBeInTheDocument();
    await save();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ paymentType: 'PLATNA' });
  });

  it("tells it of a signed event's number too, and not of its types ticked again in another order", async () => {
    openEdit(sampleService({ type: ['PRZEGLAD_OKRESOWY', 'NAPRAWA'], period: 12 }));
    await screen.findByLabelText('Opis usterki');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Przegląd okresowy' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Przegląd okresowy' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Okres (miesiące)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Okres (miesiące)' }), '12');
    expect(screen.queryByText(SERVICE_MACHINES_TEXT.signedFieldsChange)).toBeNull();
    await userEvent.clear(numberField());
    await userEvent.type(numberField(), '25B');
    expect(await screen.findByText(SERVICE_MACHINES_TEXT.signedFieldsChange)).toBeInTheDocument();
  });

  it('tells before the save that a new month gives a numbered event another full number', async () => {
    const api = openEdit(
      sampleService({ date: '2026-03-04', number: 25, numberExtension: 'A', fullNumber: '25A/03/2026' }),
    );
    const date = screen.getByRole('button', { name: /^Data/ });
    expect(date).not.toHaveAccessibleDescription(/numer protokołu/);
    await userEvent.click(date);
    await userEvent.click(await screen.findByRole('button', { name: 'Poprzedni miesiąc' }));
    await userEvent.click(screen.getByRole('button', { name: /^28 lutego 2026/ }));
    expect(date).toHaveAccessibleDescription(SERVICE_DATE_MSG.renumbered('25A/03/2026', '25A/02/2026'));
    await save();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ date: '2026-02-28' });
  });

  it('refuses another year for a numbered event under the date, as the server would, before sending', async () => {
    const api = openEdit(
      sampleService({
        date: '2026-01-05',
        month: 1,
        number: 25,
        numberExtension: 'A',
        fullNumber: '25A/01/2026',
      }),
    );
    const date = screen.getByRole('button', { name: /^Data/ });
    await userEvent.click(date);
    await userEvent.click(await screen.findByRole('button', { name: 'Poprzedni miesiąc' }));
    await userEvent.click(screen.getByRole('button', { name: /^30 grudnia 2025/ }));
    expect(date).not.toHaveAccessibleDescription(/zmieni numer/);
    await save();
    expect(await screen.findByText(MSG.serviceYearLocked)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("takes back the event's own number above the limit of a typed one, and refuses another such", async () => {
    const service = sampleService({ number: 1_000_000, numberExtension: '', fullNumber: '1000000/03/2026' });
    const api = openEdit(service);
    expect(numberField()).toHaveValue('1000000');
    expect(screen.queryByText(MSG.protocolNumberInvalid)).toBeNull();
    await userEvent.clear(numberField());
    await userEvent.type(numberField(), '1000001');
    expect(screen.getByText(MSG.protocolNumberInvalid)).toBeInTheDocument();
    await userEvent.clear(numberField());
    await userEvent.type(numberField(), '1000000');
    expect(screen.queryByText(MSG.protocolNumberInvalid)).toBeNull();
    await save();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
  });

  it('shows a locked event read-only, without a save button', () => {
    fakeApi({ 'GET /api/customer/findAll': { body: customers } });
    renderScreen(
      <ServiceFormModal
        target={sampleService()}
        devices={[LASER]}
        readOnly
        isAdmin={false}
        onClose={() => {}}
      />,
      { url: '/m' },
    );
    expect(screen.getByRole('dialog', { name: /tylko do odczytu/ })).toBeInTheDocument();
    expect(numberField()).toBeDisabled();
    expect(numberField()).toHaveValue('25A');
    expect(signBox()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Opis usterki' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Zapisz' })).toBeNull();
  });
});
