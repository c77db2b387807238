import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { api } from './api-client';
import { createQueryClient } from './query-client';
import { useRecoveryAfterOutage } from './recovery-after-outage';

afterEach(() => vi.unstubAllGlobals());

function List({ path }: { path: string }) {
  const rows = useQuery({ queryKey: [path], queryFn: () => api.get<string[]>(path) });
  if (rows.isError) return <p>{rows.error.message}</p>;
  return <p>{rows.data ? rows.data.join(', ') : 'Ładowanie'}</p>;
}

function Screen({ path = '/api/things' }: { path?: string }) {
  useRecoveryAfterOutage(20);
  return <List path={path} />;
}

function renderWithClient(ui: React.ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('useRecoveryAfterOutage', () => {
  it('asks again for a list that failed without an answer, once /api/health answers, and then stops asking', async () => {
    let down = true;
    const server = fakeApi({
      'GET /api/things': () => (down ? { network: true } : { body: ['Tokarka', 'Frezarka'] }),
      'GET /api/health': () => (down ? { network: true } : { body: { status: 'ok' } }),
    });
    renderWithClient(<Screen />);
    expect(await screen.findByText('Błąd połączenia z serwerem.')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/health').length).toBeGreaterThanOrEqual(2));
    expect(server.callsTo('GET', '/api/things')).toHaveLength(1);

    down = false;
    expect(await screen.findByText('Tokarka, Frezarka')).toBeInTheDocument();
    const asked = server.callsTo('GET', '/api/health').length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.callsTo('GET', '/api/health')).toHaveLength(asked);
    expect(server.callsTo('GET', '/api/things')).toHaveLength(2);
  });

  it('does not ask the server for a load it refused (an answer came), and stops asking once unmounted', async () => {
    const server = fakeApi({
      'GET /api/refused': { status: 500, body: { message: 'Awaria.' } },
      'GET /api/things': { network: true },
      'GET /api/health': { network: true },
    });
    const { unmount } = renderWithClient(<Screen path="/api/refused" />);
    expect(await screen.findByText('Awaria.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(server.callsTo('GET', '/api/health')).toHaveLength(0);
    unmount();

    const again = renderWithClient(<Screen />);
    expect(await screen.findByText('Błąd połączenia z serwerem.')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/health').length).toBeGreaterThanOrEqual(1));
    again.unmount();
    const asked = server.callsTo('GET', '/api/health').length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(server.callsTo('GET', '/api/health')).toHaveLength(asked);
  });
});
