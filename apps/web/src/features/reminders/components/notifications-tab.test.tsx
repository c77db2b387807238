import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { MyAccountPage } from '../../account/routes/my-account-page';

afterEach(() => vi.unstubAllGlobals());

/** The text box of the lead-time tags (TagsInput also keeps a hidden input with the label). */
const leadInput = (panel: HTMLElement) =>
  within(panel)
    .getAllByLabelText('Wyprzedzenie (dni przed terminem)')
    .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden')!;

const settings = { enabled: false, leadDays: [30, 7], overdue: true };

describe('/myAccount → Powiadomienia', () => {
  it('switches reminders on with the lead times and saves them', async () => {
    const api = fakeApi({
      'GET /api/reminders/settings': { body: settings },
      'POST /api/reminders/settings': (call) => ({ body: call.body }),
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: JAN_USER });
    await userEvent.click(screen.getByRole('tab', { name: 'Powiadomienia' }));
    const panel = screen.getByRole('tabpanel');
    await userEvent.click(
      await within(panel).findByRole('switch', { name: 'Wysyłaj mi przypomnienia e-mailem' }),
    );
    await waitFor(() => expect(leadInput(panel)).toBeEnabled());
    const leads = leadInput(panel);
    await userEvent.type(leads, '14{enter}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/reminders/settings')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/reminders/settings')[0].body).toEqual({
      enabled: true,
      leadDays: [30, 14, 7],
      overdue: true,
    });
    // An employee sees no job controls.
    expect(within(panel).queryByRole('button', { name: 'Uruchom teraz' })).not.toBeInTheDocument();
    // Saved: another tab opens without asking.
    await userEvent.click(screen.getByRole('tab', { name: 'Urlopy' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Urlopy' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('asks before another tab drops a changed setting', async () => {
    fakeApi({ 'GET /api/reminders/settings': { body: settings } });
    renderScreen(<MyAccountPage />, { url: '/myAccount?activeTab=notifications', session: JAN_USER });
    const panel = screen.getByRole('tabpanel');
    await userEvent.click(
      await within(panel).findByRole('switch', { name: 'Wysyłaj mi przypomnienia e-mailem' }),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Urlopy' }));
    expect(await screen.findByRole('dialog', { name: MSG.unsavedTitle })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Powiadomienia' })).toHaveAttribute('aria-selected', 'true');
  });

  it('refuses a lead time that is not 1–365 days as it is typed, and keeps the good ones', async () => {
    fakeApi({ 'GET /api/reminders/settings': { body: { ...settings, enabled: true, leadDays: [30] } } });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: JAN_USER });
    await userEvent.click(screen.getByRole('tab', { name: 'Powiadomienia' }));
    const panel = screen.getByRole('tabpanel');
    const leads = await waitFor(() => leadInput(panel));
    for (const wrong of ['400', 'abc', '0']) {
      await userEvent.type(leads, `${wrong}{enter}`);
      expect(within(panel).getByText('Wyprzedzenie musi być liczbą dni od 1 do 365.')).toBeInTheDocument();
      // Not taken as a value ("NaN" was).
      expect(within(panel).queryByText(/NaN|400|abc|^0$/)).toBeNull();
      await userEvent.clear(leads);
    }
    await userEvent.type(leads, '7{enter}');
    expect(within(panel).queryByText('Wyprzedzenie musi być liczbą dni od 1 do 365.')).toBeNull();
    expect(within(panel).getByText('7')).toBeInTheDocument();
    expect(within(panel).getByText('30')).toBeInTheDocument();
  });

  it('says a refused lead time aloud, and clears it with the save', async () => {
    fakeApi({
      'GET /api/reminders/settings': { body: { ...settings, enabled: true, leadDays: [30] } },
      'POST /api/reminders/settings': (call) => ({ body: call.body }),
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount?activeTab=notifications', session: JAN_USER });
    const panel = screen.getByRole('tabpanel');
    await userEvent.type(await waitFor(() => leadInput(panel)), 'abc{enter}');
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Wyprzedzenie musi być liczbą dni od 1 do 365.',
    );
    const save = within(panel).getByRole('button', { name: 'Zapisz' });
    await userEvent.click(save);
    await waitFor(() =>
      expect(within(panel).queryByText('Wyprzedzenie musi być liczbą dni od 1 do 365.')).toBeNull(),
    );
  });

  it('lets an admin run the job now and shows the last runs with their counts', async () => {
    let runs = [] as unknown[];
    const api = fakeApi({
      'GET /api/reminders/settings': { body: settings },
      'GET /api/reminders/runs': () => ({ body: runs }),
      'POST /api/reminders/run': () => {
        runs = [
          {
            id: 1,
            trigger: 'MANUAL',
            runDate: '2025-03-10',
            startedAt: '2025-03-10T07:00:00.000Z',
            finishedAt: '2025-03-10T07:00:01.000Z',
            state: 'FINISHED',
            startedBy: ANNA_ADMIN.email,
            reminders: 4,
            mailsQueued: 1,
            mailsSent: 1,
            mailsFailed: 0,
            error: null,
          },
        ];
        return {
          body: {
            runId: 1,
            runDate: '2025-03-10',
            reminders: 4,
            mailsQueued: 1,
            mailsSent: 1,
            mailsFailed: 0,
            state: 'FINISHED',
          },
        };
      },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Powiadomienia' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Brak danych')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Uruchom teraz' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/reminders/run')).toHaveLength(1));
    const table = within(panel).getByRole('table', { name: 'Ostatnie uruchomienia' });
    const row = await within(table).findByText(`ręcznie (${ANNA_ADMIN.email})`);
    expect(row.closest('tr')).toHaveTextContent('4');
    expect(
      await screen.findByText('Wysłano przypomnienia. Nowe wiadomości: 1, wysłane: 1.'),
    ).toBeInTheDocument();
  });

  /** "Uruchom teraz" pressed, answered with this run's state and counts. */
  async function pressAnswered(answer: { mailsQueued: number; mailsSent: number; state: string }) {
    fakeApi({
      'GET /api/reminders/settings': { body: settings },
      'GET /api/reminders/runs': () => ({ body: [] }),
      'POST /api/reminders/run': () => ({
        body: { runId: 1, runDate: '2025-03-10', reminders: 8, mailsFailed: 0, ...answer },
      }),
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Powiadomienia' }));
    await userEvent.click(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Uruchom teraz' }),
    );
  }

  it('answered while its mails still go out, says so and leaves the count to the runs table', async () => {
    await pressAnswered({ mailsQueued: 20, mailsSent: 3, state: 'RUNNING' });
    expect(
      await screen.findByText(
        'Przypomnienia są wysyłane. Nowe wiadomości: 20, wysłane dotąd: 3. Postęp widać w tabeli ostatnich uruchomień.',
      ),
    ).toBeInTheDocument();
  });

  it('answered as stopped by a server going down, says the rest goes with a later run', async () => {
    await pressAnswered({ mailsQueued: 4, mailsSent: 2, state: 'INTERRUPTED' });
    expect(
      await screen.findByText(
        'Wysyłanie przypomnień przerwano, bo serwer jest zatrzymywany. Nowe wiadomości: 4, wysłane: 2. Resztę wyśle kolejne uruchomienie.',
      ),
    ).toBeInTheDocument();
  });

  it('refused while another run sends, says so until that run has ended', async () => {
    const busy = 'Wysyłanie przypomnień właśnie trwa. Spróbuj ponownie za chwilę.';
    const other = {
      id: 4,
      trigger: 'SCHEDULE',
      runDate: '2025-03-10',
      startedAt: '2025-03-10T07:00:00.000Z',
      finishedAt: null as string | null,
      state: 'RUNNING',
      startedBy: null,
      reminders: 40,
      mailsQueued: 20,
      mailsSent: 5,
      mailsFailed: 0,
      error: null,
    };
    let lists = 0;
    fakeApi({
      'GET /api/reminders/settings': { body: settings },
      'GET /api/reminders/runs': () => {
        lists += 1;
        // Running until the list has been asked three times (the press's own refresh among them).
        return {
          body: [lists < 3 ? other : { ...other, state: 'FINISHED', finishedAt: '2025-03-10T07:05:00.000Z' }],
        };
      },
      'POST /api/reminders/run': () => ({ status: 409, body: { message: busy } }),
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Powiadomienia' }));
    const panel = screen.getByRole('tabpanel');
    await within(panel).findByText('w toku');
    await userEvent.click(within(panel).getByRole('button', { name: 'Uruchom teraz' }));
    expect(await within(panel).findByText(busy)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText(busy)).toBeNull(), { timeout: 6_000 });
    expect(within(panel).queryByText('w toku')).toBeNull();
  });

  it('says a run is still sending and follows its count to the end; a cut-off run says so', async () => {
    const run = (id: number, state: string, mailsSent: number) => ({
      id,
      trigger: 'SCHEDULE',
      runDate: '2025-03-10',
      startedAt: `2025-03-${String(id).padStart(2, '0')}T07:00:00.000Z`,
      finishedAt: state === 'FINISHED' ? `2025-03-${String(id).padStart(2, '0')}T07:01:00.000Z` : null,
      state,
      startedBy: null,
      reminders: 40,
      mailsQueued: 20,
      mailsSent,
      mailsFailed: state === 'INTERRUPTED' ? 16 : 0,
      error: state === 'INTERRUPTED' ? 'Invalid login: 535 5.7.8 Authentication failed' : null,
    });
    let answers = 0;
    fakeApi({
      'GET /api/reminders/settings': { body: settings },
      'GET /api/reminders/runs': () => {
        answers += 1;
        return {
          body: [answers === 1 ? run(10, 'RUNNING', 6) : run(10, 'FINISHED', 20), run(9, 'INTERRUPTED', 4)],
        };
      },
    });
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    await userEvent.click(screen.getByRole('tab', { name: 'Powiadomienia' }));
    const table = await screen.findByRole('table', { name: 'Ostatnie uruchomienia' });
    const rows = async () => within(table).findAllByRole('row');
    expect((await within(table).findByText('w toku')).closest('tr')).toHaveTextContent('6');
    expect(
      within(table)
        .getByText(/^przerwane/)
        .closest('tr'),
    ).toHaveTextContent('4');
    // Why mails failed, in the row for all to read (a tooltip reached neither keyboard nor touch).
    expect(
      within(table)
        .getByText(/^przerwane/)
        .closest('tr'),
    ).toHaveTextContent('Serwer poczty: Invalid login: 535 5.7.8 Authentication failed');
    // Asked again by itself while the run sends: its count grows and "w toku" goes.
    await waitFor(() => expect(within(table).queryByText('w toku')).toBeNull(), { timeout: 5_000 });
    expect((await rows())[1]).toHaveTextContent('20');
  });
});
