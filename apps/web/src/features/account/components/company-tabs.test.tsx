import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { ANNA_ADMIN, JAN_USER, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { MyAccountPage } from '../routes/my-account-page';
import { INSTALLATION_OPERATION_TEXT_MAX, MSG } from '@serwis/domain';

const COMPANY = {
  name: 'Łódzkie Maszyny Sp. z o.o.',
  street: 'ul. Źródlana 5',
  zipCode: '90-001',
  city: 'Łódź',
  nip: '7251234567',
  regon: '123456789',
  phone: '42 123 45 67',
  email: 'biuro@maszyny.pl',
  www: 'maszyny.pl',
  installationProtocolTitle: 'Protokół montażu',
  installationProtocolTableHeader: 'Czynności montażowe',
};

afterEach(() => vi.unstubAllGlobals());

describe('/myAccount "Dane firmy" and "Protokół montażu"', () => {
  it('shows the company data read-only to an employee, without the installation tab', async () => {
    fakeApi({ 'GET /api/configuration/company': { body: COMPANY } });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: JAN_USER });
    expect(screen.queryByRole('tab', { name: 'Protokół montażu' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Dane firmy' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Łódzkie Maszyny Sp. z o.o.')).toBeInTheDocument();
    expect(within(panel).getByText('7251234567')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('keeps the open tab in the address, so a reload or a link opens it again', async () => {
    fakeApi({ 'GET /api/configuration/company': { body: COMPANY } });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: JAN_USER });
    await userEvent.click(screen.getByRole('tab', { name: 'Dane firmy' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/myAccount?activeTab=company');
  });

  it.each([
    ['/myAccount?activeTab=company', ANNA_ADMIN, 'Dane firmy'],
    ['/myAccount?activeTab=INSTALLATION', ANNA_ADMIN, 'Protokół montażu'],
    // An administrator's tab asked for by an employee, or a mistyped one: the first tab.
    ['/myAccount?activeTab=installation', JAN_USER, 'Dane użytkownika'],
    ['/myAccount?activeTab=nieznana', JAN_USER, 'Dane użytkownika'],
  ])('opens %s on its tab', async (url, session, tab) => {
    fakeApi({ 'GET /api/configuration/company': { body: COMPANY } }, { otherwise: { body: [] } });
    renderScreen(<MyAccountPage />, { url, session });
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  });

  it('lets an admin edit the company data and the PDF texts in one save', async () => {
    const api = fakeApi({
      'GET /api/configuration/company': { body: COMPANY },
      'PUT /api/configuration/company': (call) => ({ body: call.body }),
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Dane firmy' }));
    const city = await screen.findByLabelText('Miejscowość');
    await userEvent.clear(city);
    await userEvent.type(city, 'Kraków');
    const title = screen.getByLabelText('Tytuł protokołu montażu (PDF)');
    await userEvent.clear(title);
    await userEvent.type(title, 'Protokół montażu maszyny');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/configuration/company')).toHaveLength(1));
    // Only the changed fields: the others keep what another administrator may have saved meanwhile.
    expect(api.callsTo('PUT', '/api/configuration/company')[0].body).toEqual({
      city: 'Kraków',
      installationProtocolTitle: 'Protokół montażu maszyny',
    });
  });

  it('shows, after a save, what another administrator saved meanwhile in the fields not typed over', async () => {
    // The server's copy: another administrator changes the phone and the site before this save.
    let stored = COMPANY;
    const api = fakeApi({
      'GET /api/configuration/company': () => ({ body: stored }),
      'PUT /api/configuration/company': (call) => {
        stored = { ...stored, phone: '22 555 00 00', www: 'maszyny.com.pl', ...(call.body as object) };
        return { body: stored };
      },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Dane firmy' }));
    const city = await screen.findByLabelText('Miejscowość');
    await userEvent.clear(city);
    await userEvent.type(city, '  Kraków ');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(screen.getByLabelText('Telefon')).toHaveValue('22 555 00 00'));
    expect(api.callsTo('PUT', '/api/configuration/company')[0].body).toEqual({ city: '  Kraków ' });
    expect(screen.getByLabelText('Strona www')).toHaveValue('maszyny.com.pl');
    expect(screen.getByLabelText('Miejscowość')).toHaveValue('  Kraków ');
  });

  it("takes another administrator's change in without asking about changes nobody typed", async () => {
    let stored = COMPANY;
    fakeApi({ 'GET /api/configuration/company': () => ({ body: stored }) }, { otherwise: { body: [] } });
    const { queryClient } = renderScreen(<MyAccountPage />, {
      url: '/myAccount?activeTab=company',
      session: ANNA_ADMIN,
    });
    await screen.findByLabelText('Strona www');
    stored = { ...COMPANY, www: 'nowa.pl' };
    await queryClient.refetchQueries({ queryKey: ['configuration', 'company'] });
    await waitFor(() => expect(screen.getByLabelText('Strona www')).toHaveValue('nowa.pl'));
    await userEvent.click(screen.getByRole('tab', { name: 'Urlopy' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Urlopy' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.queryByRole('dialog', { name: MSG.unsavedTitle })).toBeNull();
  });

  it('warns the admin of a stored NIP whose check digit does not hold, until it is mended', async () => {
    fakeApi({
      'GET /api/configuration/company': { body: { ...COMPANY, zipCode: '90001', regon: '123456785' } },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Dane firmy' }));
    const nip = await screen.findByLabelText('NIP');
    expect(nip).toHaveAccessibleDescription(MSG.nipWarning);
    expect(screen.getByLabelText('Kod pocztowy')).toHaveAccessibleDescription(MSG.postcodeWarning);
    expect(screen.getByLabelText('REGON')).not.toHaveAccessibleDescription(MSG.regonWarning);
    await userEvent.clear(nip);
    await userEvent.type(nip, '725-123-45-61');
    await userEvent.tab();
    expect(nip).not.toHaveAccessibleDescription(MSG.nipWarning);
    expect(screen.queryByText(MSG.nipWarning)).not.toBeInTheDocument();
  });

  it('asks before another tab drops typed company data, and stops asking once it is saved', async () => {
    let stored = COMPANY;
    const api = fakeApi({
      'GET /api/configuration/company': () => ({ body: stored }),
      'PUT /api/configuration/company': (call) => {
        stored = { ...stored, ...(call.body as object) };
        return { body: stored };
      },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount?activeTab=company', session: ANNA_ADMIN });
    const city = await screen.findByLabelText('Miejscowość');
    await userEvent.clear(city);
    await userEvent.type(city, 'Kraków');
    await userEvent.click(screen.getByRole('tab', { name: 'Urlopy' }));
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    await userEvent.click(within(question).getByRole('button', { name: MSG.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Dane firmy' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Miejscowość')).toHaveValue('Kraków');

    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/configuration/company')).toHaveLength(1));
    await userEvent.click(screen.getByRole('tab', { name: 'Urlopy' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Urlopy' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.queryByRole('dialog', { name: MSG.unsavedTitle })).not.toBeInTheDocument();
  });

  it('lists, adds and moves installation operations for an admin', async () => {
    let list = [
      { id: 1, text: 'Ustawienie maszyny', orderNumber: 1 },
      { id: 2, text: 'Podłączenie zasilania', orderNumber: 2 },
    ];
    const api = fakeApi({
      'GET /api/installation-operation': () => ({ body: list }),
      'POST /api/installation-operation': (call) => {
        const op = { id: 3, text: (call.body as { text: string }).text, orderNumber: 3 };
        list = [...list, op];
        return { status: 201, body: op };
      },
      'PATCH /api/installation-operation/move-up': (call) => {
        expect(call.query.get('installationOperationId')).toBe('3');
        list = [list[0], { ...list[2], orderNumber: 2 }, { ...list[1], orderNumber: 3 }];
        return { body: list };
      },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Protokół montażu' }));
    expect(await screen.findByText('1. Ustawienie maszyny')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj czynność' }));
    const dialog = await screen.findByRole('dialog');
    // Saved empty: the message is under the field (ui.md), not in a banner, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    const text = within(dialog).getByLabelText(/Treść czynności/);
    expect(text).toHaveAccessibleDescription('Wpisz treść czynności.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST', '/api/installation-operation')).toHaveLength(0);
    // The server's limit is the field's: a longer text cannot be typed, so it cannot be refused.
    expect(text).toHaveAttribute('maxLength', String(INSTALLATION_OPERATION_TEXT_MAX));
    await userEvent.type(text, 'Próba ruchowa');
    // Typed, Esc asks before the text is dropped; "Wróć do formularza" keeps it.
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    await userEvent.click(within(question).getByRole('button', { name: MSG.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.unsavedTitle })).toBeNull());
    expect(within(dialog).getByLabelText(/Treść czynności/)).toHaveValue('Próba ruchowa');
    expect(text).not.toHaveAccessibleDescription('Wpisz treść czynności.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('3. Próba ruchowa')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Przesuń w górę: Próba ruchowa' }));
    expect(await screen.findByText('2. Próba ruchowa')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/installation-operation')[0].body).toEqual({ text: 'Próba ruchowa' });
  });

  it('shows the list as it is now after moving an operation another administrator removed meanwhile', async () => {
    let list = [
      { id: 1, text: 'Ustawienie maszyny', orderNumber: 1 },
      { id: 2, text: 'Podłączenie zasilania', orderNumber: 2 },
    ];
    fakeApi({
      'GET /api/installation-operation': () => ({ body: list }),
      'PATCH /api/installation-operation/move-up': {
        status: 404,
        body: { message: 'Nie znaleziono czynności montażowej.' },
      },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Protokół montażu' }));
    expect(await screen.findByText('2. Podłączenie zasilania')).toBeInTheDocument();
    list = [list[0], { id: 3, text: 'Szkolenie operatora', orderNumber: 2 }];
    await userEvent.click(screen.getByRole('button', { name: 'Przesuń w górę: Podłączenie zasilania' }));
    expect(await screen.findByText('Nie znaleziono czynności montażowej.')).toBeInTheDocument();
    expect(await screen.findByText('2. Szkolenie operatora')).toBeInTheDocument();
    expect(screen.queryByText('2. Podłączenie zasilania')).toBeNull();
  });

  it('uploads the company logo as a PNG data URL and shows it', async () => {
    let logo = '';
    const api = fakeApi({
      'GET /api/configuration/company': { body: COMPANY },
      'GET /api/configuration': (call) =>
        call.query.get('name') === 'company/logo' ? { body: { value: logo } } : undefined,
      'PUT /api/configuration/company-logo': (call) => {
        logo = (call.body as { value: string }).value;
        return { body: { message: 'Zapisano' } };
      },
    });
    const { container } = renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Dane firmy' }));
    expect(await screen.findByText('Brak logo')).toBeInTheDocument();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(api.callsTo('PUT', '/api/configuration/company-logo')).toHaveLength(1));
    const sent = api.callsTo('PUT', '/api/configuration/company-logo')[0].body as { value: string };
    expect(sent.value).toMatch(/^data:image\/png;base64,/);
    expect(await screen.findByRole('img', { name: 'Logo firmy' })).toHaveAttribute('src', logo);

    // Removing it asks first: "Anuluj" keeps it, "Usuń" sends the empty value.
    await userEvent.click(screen.getByRole('button', { name: 'Usuń logo' }));
    const question = await screen.findByRole('dialog', { name: 'Potwierdź usunięcie' });
    expect(question).toHaveTextContent(
      'Czy na pewno chcesz usunąć logo firmy z protokołów i wiadomości e-mail?',
    );
    await userEvent.click(within(question).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', '/api/configuration/company-logo')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Usuń logo' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Potwierdź usunięcie' })).getByRole('button', {
        name: 'Usuń',
      }),
    );
    await waitFor(() => expect(api.callsTo('PUT', '/api/configuration/company-logo')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/configuration/company-logo')[1].body).toEqual({ value: '' });
    expect(await screen.findByText('Brak logo')).toBeInTheDocument();
  });
});
