import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../lib/query-client';
import { LOG_REDACT_TEXT } from '@serwis/domain';
import { fakeApi, type FakeCall } from '../../../../test/fake-api';
import { LogsPage } from './logs-page';

/** 45 entries on the fake server, newest first, paged like the real one. */
function serveLogs(call: FakeCall) {
  const query = new URL(call.url, 'http://localhost').searchParams;
  const q = query.get('q') ?? '';
  const all = Array.from({ length: 45 }, (_, i) => ({
    eventId: 45 - i,
    timestmp: Date.UTC(2026, 2, 1, 12, 0, 0) - i * 60_000,
    formattedMessage: `Anna Nowak (anna@firma.pl): edycja maszyny ${45 - i}`,
    arg0: 'anna@firma.pl',
    arg1: `device:${45 - i}`,
  })).filter((e) => e.formattedMessage.includes(q));
  if (query.get('sort') === 'eventId,asc' || query.get('sort') === 'timestmp,asc') all.reverse();
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  return {
    body: all.slice((page - 1) * size, page * size),
    headers: { 'X-Total-Count': String(all.length) },
  };
}

function renderLogs() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <LogsPage />
        </MemoryRouter>
      </MantineProvider>
    </AppProviders>,
  );
}

/** The screen on its second page (entries 25 to 6), and the fake server's calls. */
async function onSecondPage() {
  const api = fakeApi({ 'GET /api/log/findAll': serveLogs });
  renderLogs();
  await screen.findByText('device:45');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Strona 2' }));
  await screen.findByText('device:25');
  return { api, user };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('logs page', () => {
  it('asks the server for one page at a time and shows the newest first', async () => {
    const api = fakeApi({ 'GET /api/log/findAll': serveLogs });
    renderLogs();
    expect(await screen.findByText('device:45')).toBeInTheDocument();
    expect(screen.queryByText('device:25')).not.toBeInTheDocument();
    expect(api.calls[0].url).toBe('/api/log/findAll?page=1&size=20');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Strona 3' }));
    expect(await screen.findByText('device:5')).toBeInTheDocument();
    expect(api.calls.at(-1)!.url).toBe('/api/log/findAll?page=3&size=20');
  });

  it("keeps a deleted note's line breaks in its entry", async () => {
    const entry = {
      eventId: 1,
      timestmp: Date.UTC(2026, 2, 1, 12, 0, 0),
      formattedMessage: 'Anna Nowak (anna@firma.pl): usunięcie notatki nr 5: treść: „Filtr\nPasek”',
      arg0: 'anna@firma.pl',
      arg1: 'deviceNote:5',
    };
    fakeApi({ 'GET /api/log/findAll': { body: [entry], headers: { 'X-Total-Count': '1' } } });
    renderLogs();
    const text = await screen.findByText(
      (_, node) => node?.textContent === entry.formattedMessage && node.tagName === 'SPAN',
    );
    expect(text).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('says why the log cannot be read, rather than showing it empty', async () => {
    fakeApi({
      'GET /api/log/findAll': { status: 403, body: { message: 'Brak uprawnień do tej operacji.' } },
    });
    renderLogs();
    expect(await screen.findByRole('alert')).toHaveTextContent('Brak uprawnień do tej operacji.');
  });

  it('sends the search text as q and starts again from the first page', async () => {
    const { api, user } = await onSecondPage();
    await user.type(screen.getByLabelText('Filtruj logi'), 'maszyny 7');
    await waitFor(() => expect(api.calls.at(-1)!.url).toBe('/api/log/findAll?page=1&size=20&q=maszyny+7'));
    expect(await screen.findByText('device:7')).toBeInTheDocument();
  });

  it('shows a record\'s entries after a click on its "Rekord"', async () => {
    const { api, user } = await onSecondPage();
    await user.click(screen.getByRole('button', { name: 'device:12' }));
    await waitFor(() => expect(api.calls.at(-1)!.url).toBe('/api/log/findAll?page=1&size=20&q=device%3A12'));
    expect(screen.getByLabelText('Filtruj logi')).toHaveValue('device:12');
  });

  it('shows the oldest first after a click on "Nr", and the newest again after another', async () => {
    const { api, user } = await onSecondPage();
    // The server's own order shows on its header before any click.
    const nr = () => screen.getByRole('columnheader', { name: /Nr/ });
    expect(nr()).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByText('Nr'));
    await waitFor(() => expect(nr()).toHaveAttribute('aria-sort', 'ascending'));
    expect(await screen.findByText('device:1')).toBeInTheDocument();
    expect(screen.queryByText('device:45')).not.toBeInTheDocument();
    expect(api.calls.at(-1)!.url).toBe('/api/log/findAll?page=1&size=20&sort=eventId%2Casc');
    await user.click(screen.getByText('Nr'));
    await waitFor(() =>
      expect(api.calls.at(-1)!.url).toBe('/api/log/findAll?page=1&size=20&sort=eventId%2Cdesc'),
    );
    expect(await screen.findByText('device:45')).toBeInTheDocument();
  });
});

describe('LogsPage: removing a person’s data', () => {
  it('starts from the search, counts first, then removes after the second press and reloads the list', async () => {
    let removed = false;
    const api = fakeApi({
      'GET /api/log/findAll': (call) =>
        removed ? { body: [], headers: { 'X-Total-Count': '0' } } : serveLogs(call),
      'POST /api/log/redact': (call) => {
        const { text, preview } = call.body as { text: string; preview?: boolean };
        if (!preview) removed = true;
        return { body: { entries: text === 'edycja maszyny 4' ? 6 : 0 } };
      },
    });
    renderLogs();
    await screen.findByText('device:45');
    await userEvent.type(screen.getByRole('textbox', { name: 'Filtruj logi' }), 'edycja maszyny 4');
    await userEvent.click(screen.getByRole('button', { name: LOG_REDACT_TEXT.open }));
    const dialog = await screen.findByRole('dialog', { name: LOG_REDACT_TEXT.open });
    const field = within(dialog).getByRole('textbox', { name: LOG_REDACT_TEXT.label });
    expect(field).toHaveValue('edycja maszyny 4');

    await userEvent.click(within(dialog).getByRole('button', { name: LOG_REDACT_TEXT.check }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(LOG_REDACT_TEXT.found(6));
    expect(within(dialog).getByText(LOG_REDACT_TEXT.elsewhere)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/log/redact').map((c) => c.body)).toEqual([
      { text: 'edycja maszyny 4', preview: true },
    ]);

    // Typed again: counted again before anything can be removed.
    await userEvent.type(field, '5');
    expect(within(dialog).queryByRole('button', { name: LOG_REDACT_TEXT.remove(6) })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: LOG_REDACT_TEXT.check }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(LOG_REDACT_TEXT.found(0));
    await userEvent.type(field, '{Backspace}');
    await userEvent.click(within(dialog).getByRole('button', { name: LOG_REDACT_TEXT.check }));
    await userEvent.click(await within(dialog).findByRole('button', { name: LOG_REDACT_TEXT.remove(6) }));

    expect(await screen.findByText(LOG_REDACT_TEXT.done(6))).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/log/redact').at(-1)!.body).toEqual({ text: 'edycja maszyny 4' });
    await waitFor(() => expect(screen.queryByText('device:4')).toBeNull());
  });

  it('asks for three characters before counting', async () => {
    fakeApi({ 'GET /api/log/findAll': serveLogs });
    renderLogs();
    await userEvent.click(screen.getByRole('button', { name: LOG_REDACT_TEXT.open }));
    const dialog = await screen.findByRole('dialog', { name: LOG_REDACT_TEXT.open });
    await userEvent.type(within(dialog).getByRole('textbox', { name: LOG_REDACT_TEXT.label }), 'ab');
    expect(within(dialog).getByText(LOG_REDACT_TEXT.tooShort)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: LOG_REDACT_TEXT.check })).toBeDisabled();
  });
});
