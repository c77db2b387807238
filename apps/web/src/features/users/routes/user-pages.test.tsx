import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETION_TEXT, EMPLOYEE_MSG, MSG } from '@serwis/domain';
import { AppProviders } from '../../../app/providers';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../lib/query-client';
import { ANNA_ADMIN, fakeApi, type FakeCall, type FakeReply } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleEmployee } from '../../../../test/samples';
import { UserAddPage } from './user-add-page';
import { UserEditPage } from './user-edit-page';
import { useSession } from '../../auth/api/session';

const EWA = sampleEmployee;

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The session as the page's own query cache holds it: a case can wait until it is known. */
function SessionProbe() {
  return <output data-testid="session">{useSession().data?.id ?? ''}</output>;
}

function renderAt(url: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/userAdd" element={<UserAddPage />} />
            <Route path="/userEdit" element={<UserEditPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
          <SessionProbe />
        </MemoryRouter>
      </MantineProvider>
    </AppProviders>,
  );
}

const sent = (calls: FakeCall[], path: string) => calls.filter((c) => c.path === path);

beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

describe('add employee', () => {
  async function fillForm(position: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Stanowisko/), position);
    await user.type(screen.getByLabelText('Imię'), 'Ewa');
    await user.type(screen.getByLabelText('Nazwisko'), 'Lis');
    await user.type(screen.getByLabelText(/E-mail/), 'ewa@firma.pl');
    return user;
  }

  it('asks for a position of 3 characters in the spec words and sends nothing', async () => {
    const api = fakeApi({});
    renderAt('/userAdd');
    const user = await fillForm('ab');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(MSG.positionTooShort)).toBeInTheDocument();
    expect(sent(api.calls, '/api/user/insert')).toHaveLength(0);
  });

  it('tells days of leave over 366 under the field rather than changing them unseen, and sends nothing', async () => {
    const api = fakeApi({});
    renderAt('/userAdd');
    const user = await fillForm('Serwisant');
    await user.type(screen.getByLabelText('Dni urlopu'), '99999');
    await user.tab();
    expect(screen.getByLabelText('Dni urlopu')).toHaveValue('99999');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Dni urlopu: od 0 do 366.')).toBeInTheDocument();
    expect(sent(api.calls, '/api/user/insert')).toHaveLength(0);
  });

  it('sends the admin role as {id: 1, role: ADMIN}, an empty password, and returns to the list', async () => {
    const api = fakeApi({ 'POST /api/user/insert': { status: 201, body: EWA } });
    renderAt('/userAdd');
    const user = await fillForm('Serwisant');
    await user.click(screen.getByLabelText('Admin'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userList'));
    const [call] = sent(api.calls, '/api/user/insert');
    expect(call.body).toMatchObject({
      userName: 'Serwisant',
      email: 'ewa@firma.pl',
      password: '',
      active: true,
      vacationDays: 0,
      roles: [{ id: 1, role: 'ADMIN' }],
    });
    expect(await screen.findByText(MSG.employeeAdded)).toBeInTheDocument();
  });

  it('says no e-mail went out when the admin typed the password', async () => {
    const api = fakeApi({ 'POST /api/user/insert': { status: 201, body: EWA } });
    renderAt('/userAdd');
    const user = await fillForm('Serwisant');
    await user.type(screen.getByLabelText('Hasło (opcjonalnie)'), 'haslo-ewy-2026');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(MSG.employeeAddedWithPassword)).toBeInTheDocument();
    expect(screen.queryByText(MSG.employeeAdded)).not.toBeInTheDocument();
    expect(sent(api.calls, '/api/user/insert')[0].body).toMatchObject({ password: 'haslo-ewy-2026' });
  });

  it('shows the spec message for a taken e-mail and keeps the form', async () => {
    fakeApi({ 'POST /api/user/insert': { status: 409, body: { message: 'cokolwiek' } } });
    renderAt('/userAdd');
    const user = await fillForm('Serwisant');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.employeeEmailExists);
    expect(screen.getByLabelText(/Stanowisko/)).toHaveValue('Serwisant');
    expect(screen.getByTestId('location')).toHaveTextContent('/userAdd');

    // Another e-mail and a password too short: the form's own message, and the old banner goes.
    await user.clear(screen.getByLabelText(/E-mail/));
    await user.type(screen.getByLabelText(/E-mail/), 'inny@firma.pl');
    await user.type(screen.getByLabelText('Hasło (opcjonalnie)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(MSG.passwordTooShort)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('edit employee', () => {
  function withEwa(updateReply: FakeReply = { body: EWA }) {
    return fakeApi({ 'GET /api/user/findById/5': { body: EWA }, 'PUT /api/user/update': updateReply });
  }

  it('shows the e-mail disabled and checks the position in the edit wording', async () => {
    const api = withEwa();
    renderAt('/userEdit?id=5');
    const email = await screen.findByLabelText(/E-mail/);
    expect(email).toHaveValue('ewa@firma.pl');
    expect(email).toBeDisabled();
    expect(screen.getByLabelText('Admin')).toBeChecked();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Stanowisko/));
    await user.type(screen.getByLabelText(/Stanowisko/), 'ab');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(MSG.positionTooShortEdit)).toBeInTheDocument();
    expect(sent(api.calls, '/api/user/update')).toHaveLength(0);
  });

  it.each([
    ['her own account', 5, true],
    ["another employee's account", 1, false],
  ])('keeps "Aktywny" ticked and locked on %s', async (_case, sessionId, locked) => {
    fakeApi({
      'GET /api/user/findById/5': { body: EWA },
      'GET /api/user/check-auth': {
        body: {
          id: sessionId,
          email: 'x@firma.pl',
          firstName: 'X',
          lastName: 'Y',
          roles: [{ role: 'ADMIN' }],
          isAdmin: true,
        },
      },
    });
    renderAt('/userEdit?id=5');
    const active = await screen.findByLabelText('Aktywny');
    expect(active).toBeChecked();
    if (locked) {
      await waitFor(() => expect(active).toBeDisabled());
      expect(screen.getByText(MSG.cannotDeactivateSelf)).toBeInTheDocument();
    } else {
      // Only once the page knows whose session it is does a free box prove anything.
      await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent(String(sessionId)));
      expect(screen.queryByText(MSG.cannotDeactivateSelf)).not.toBeInTheDocument();
      expect(active).toBeEnabled();
    }
  });

  it('sends the id and the USER role (id 2) once Admin is unticked', async () => {
    const api = withEwa();
    renderAt('/userEdit?id=5');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Admin'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userList'));
    const [call] = sent(api.calls, '/api/user/update');
    expect(call.method).toBe('PUT');
    expect(call.body).toMatchObject({ id: 5, email: 'ewa@firma.pl', roles: [{ id: 2, role: 'USER' }] });
    expect(await screen.findByText(MSG.employeeSaved)).toBeInTheDocument();
  });

  it("lays the form's changes over another administrator's save made meanwhile: his revoked role stays revoked", async () => {
    // Another administrator took Ewa's admin role away and gave her 22 days since this form opened.
    const theirs = {
      ...EWA,
      roles: [{ id: 2, role: 'USER' }],
      vacationDays: 22,
      updatedAt: '2026-12-06T10:05:00.000Z',
    };
    let opened = false;
    const api = fakeApi({
      'GET /api/user/findById/5': () => {
        const body = opened ? theirs : EWA;
        opened = true;
        return { body };
      },
      'PUT /api/user/update': (call) =>
        call.query.get('base') === theirs.updatedAt
          ? { body: { ...theirs, ...(call.body as object) } }
          : { status: 409, body: { message: EMPLOYEE_MSG.changedMeanwhile, code: 'CHANGED_MEANWHILE' } },
    });
    renderAt('/userEdit?id=5');
    const user = userEvent.setup();
    const firstName = await screen.findByLabelText('Imię');
    await user.clear(firstName);
    await user.type(firstName, 'Ewelina');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(EMPLOYEE_MSG.employeeMerged)).toBeInTheDocument();
    const [refused, merged] = sent(api.calls, '/api/user/update');
    expect(refused.query.get('base')).toBe(EWA.updatedAt);
    expect(merged.query.get('base')).toBe(theirs.updatedAt);
    expect(merged.body).toMatchObject({
      id: 5,
      firstName: 'Ewelina',
      vacationDays: 22,
      roles: [{ id: 2, role: 'USER' }],
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userList'));
  });

  it('saves on the version the form was opened on, though the employee was asked again meanwhile, and names a field both changed', async () => {
    // Another administrator changed the first name and took the role away while the form was open.
    const theirs = {
      ...EWA,
      firstName: 'Ewa Maria',
      roles: [{ id: 2, role: 'USER' }],
      updatedAt: '2026-12-06T10:05:00.000Z',
    };
    let asked = 0;
    const api = fakeApi({
      'GET /api/user/findById/5': () => ({ body: asked++ === 0 ? EWA : theirs }),
      'PUT /api/user/update': (call) =>
        call.query.get('base') === theirs.updatedAt
          ? { body: { ...theirs, ...(call.body as object) } }
          : { status: 409, body: { message: EMPLOYEE_MSG.changedMeanwhile, code: 'CHANGED_MEANWHILE' } },
    });
    renderAt('/userEdit?id=5');
    const firstName = await screen.findByLabelText('Imię');
    // The network goes and comes back: the employee is asked again, the form keeps what it showed.
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(asked).toBe(2));
    expect(firstName).toHaveValue('Ewa');
    const user = userEvent.setup();
    await user.clear(firstName);
    await user.type(firstName, 'Ewelina');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(EMPLOYEE_MSG.employeeMergedClashes(['Imię']))).toBeInTheDocument();
    const [refused, merged] = sent(api.calls, '/api/user/update');
    expect(refused.query.get('base')).toBe(EWA.updatedAt);
    expect(merged.body).toMatchObject({ firstName: 'Ewelina', roles: [{ id: 2, role: 'USER' }] });
  });

  it('asks an administrator taking his own role away first, then goes home; his own delete is locked', async () => {
    const api = fakeApi({
      'GET /api/user/findById/5': { body: EWA },
      'PUT /api/user/update': { body: { ...EWA, roles: [{ id: 2, role: 'USER' }] } },
    });
    renderScreen(<UserEditPage />, { url: '/userEdit?id=5', session: { ...ANNA_ADMIN, id: 5 } });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Admin'));
    expect(screen.getByRole('button', { name: 'Usuń pracownika' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    const question = await screen.findByRole('dialog', { name: EMPLOYEE_MSG.demoteSelfTitle });
    await user.click(within(question).getByRole('button', { name: 'Anuluj' }));
    expect(sent(api.calls, '/api/user/update')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    const again = await screen.findByRole('dialog', { name: EMPLOYEE_MSG.demoteSelfTitle });
    await user.click(within(again).getByRole('button', { name: EMPLOYEE_MSG.demoteSelfConfirm }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(sent(api.calls, '/api/user/update')[0].body).toMatchObject({ roles: [{ id: 2, role: 'USER' }] });
  });

  it('tells the last active administrator at once that he cannot take his own role away', async () => {
    const me = { ...EWA, roles: [{ id: 1, role: 'ADMIN' }], active: true };
    const api = fakeApi({
      'GET /api/user/findById/5': { body: me },
      // Another administrator, switched off, and an active employee: none to stay.
      'GET /api/user/findAllFlatRoles': {
        body: [
          me,
          { ...EWA, id: 6, email: 'b@firma.pl', roles: [{ id: 1, role: 'ADMIN' }], active: false },
          { ...EWA, id: 7, email: 'c@firma.pl', roles: [{ id: 2, role: 'USER' }], active: true },
        ],
      },
    });
    renderScreen(<UserEditPage />, { url: '/userEdit?id=5', session: { ...ANNA_ADMIN, id: 5 } });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Admin'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    const said = await screen.findByRole('dialog', { name: EMPLOYEE_MSG.demoteSelfImpossibleTitle });
    expect(said).toHaveTextContent(MSG.cannotDemoteLastAdmin);
    expect(screen.queryByRole('dialog', { name: EMPLOYEE_MSG.demoteSelfTitle })).toBeNull();
    expect(sent(api.calls, '/api/user/update')).toHaveLength(0);
  });

  it('deletes the employee and returns to the list without asking for the deleted one again', async () => {
    const api = fakeApi({
      'GET /api/user/findById/5': { body: EWA },
      'GET /api/user/dependants/5': { body: { records: 0 } },
      'DELETE /api/user/delete/5': { body: { message: 'Usunięto.' } },
    });
    renderScreen(<UserEditPage />, { url: '/userEdit?id=5', session: ANNA_ADMIN });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Usuń pracownika' }));
    await user.click(await screen.findByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userList'));
    expect(sent(api.calls, '/api/user/delete/5')).toHaveLength(1);
    // Asked once, to open the form; a deleted employee's 404s are not asked for.
    expect(sent(api.calls, '/api/user/findById/5')).toHaveLength(1);
  });

  it('says an employee with records cannot be deleted, and how to switch him off, before asking anything', async () => {
    const api = fakeApi({
      'GET /api/user/findById/5': { body: EWA },
      'GET /api/user/dependants/5': { body: { records: 12 } },
    });
    renderScreen(<UserEditPage />, { url: '/userEdit?id=5', session: ANNA_ADMIN });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Usuń pracownika' }));
    const dialog = await screen.findByRole('dialog', { name: DELETION_TEXT.cannotDeleteTitle });
    expect(dialog).toHaveTextContent(DELETION_TEXT.employeeKeptBy({ records: 12 }));
    expect(dialog).toHaveTextContent('(12)');
    expect(within(dialog).queryByRole('button', { name: 'Usuń' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    expect(sent(api.calls, '/api/user/delete/5')).toHaveLength(0);
  });

  it.each<[string, FakeReply, string]>([
    ['500', { status: 500, body: { message: MSG.unknownError } }, MSG.employeeSaveFailed],
    ['409', { status: 409, body: { message: MSG.cannotDemoteLastAdmin } }, MSG.cannotDemoteLastAdmin],
    ['lost connection', { network: true }, MSG.connectionError],
  ])('a %s from the server shows its message in the banner', async (_status, reply, message) => {
    withEwa(reply);
    renderAt('/userEdit?id=5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByTestId('location')).toHaveTextContent('/userEdit');
  });

  it('says the employee was not found for a missing or malformed id instead of loading forever', async () => {
    const api = withEwa();
    renderAt('/userEdit?id=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.employeeNotFound);
    expect(screen.queryByLabelText(MSG.loading)).not.toBeInTheDocument();
    // No employee is asked for (the session's check is the signed-in area's own).
    expect(api.calls.filter((c) => c.url.startsWith('/api/user/findById'))).toHaveLength(0);
  });
});
