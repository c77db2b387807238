import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MSG, PREVIEW_MSG } from '@serwis/domain';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { theme } from '../../app/theme';
import { formatFileSize } from './file-size';
import { useFilePreview, type PreviewableFile } from './file-preview';

function Opener({ file }: { file: PreviewableFile }) {
  const { open, preview } = useFilePreview();
  return (
    <>
      <button onClick={() => open(file)}>Otwórz</button>
      {preview}
    </>
  );
}

function show(file: PreviewableFile) {
  render(
    <AppProviders>
      <MantineProvider theme={theme} env="test">
        <Opener file={file} />
      </MantineProvider>
    </AppProviders>,
  );
  return userEvent.click(screen.getByRole('button', { name: 'Otwórz' }));
}

describe('useFilePreview', () => {
  it('shows images full-screen', async () => {
    await show({ filename: 'tabliczka.JPG', url: '/x.jpg' });
    expect(await screen.findByRole('img', { name: 'tabliczka.JPG' })).toHaveAttribute('src', '/x.jpg');
  });

  it('says a picture the browser cannot draw is unreadable and offers the file itself', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await show({ filename: 'faktura.jpg', url: '/api/storage/downloadFile?fileName=faktura.jpg' });
    fireEvent.error(await screen.findByRole('img', { name: 'faktura.jpg' }));
    expect(await screen.findByText(PREVIEW_MSG.unreadablePicture)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'faktura.jpg' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: PREVIEW_MSG.download }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const link = clicked.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('faktura.jpg');
    expect(link.getAttribute('href')).toBe('/api/storage/downloadFile?fileName=faktura.jpg');
    clicked.mockRestore();
  });

  it('stands above a notice still shown, which covered the full-screen close button', async () => {
    const view = render(
      <AppProviders>
        <MantineProvider theme={theme} env="test">
          <Opener file={{ filename: 'tabliczka.png', url: '/x.png' }} />
        </MantineProvider>
      </AppProviders>,
    );
    notifications.show({ message: 'Dodano plik.', autoClose: false });
    const notice = await screen.findByText('Dodano plik.');
    await userEvent.click(screen.getByRole('button', { name: 'Otwórz' }));
    await screen.findByRole('img', { name: 'tabliczka.png' });
    const layer = (element: Element | null, name: string) =>
      Number((element as HTMLElement | null)?.style.getPropertyValue(name));
    const notices = layer(notice.closest('.mantine-Notifications-root'), '--notifications-z-index');
    const preview = layer(document.querySelector('.mantine-Modal-root'), '--mb-z-index');
    expect(notices).toBeGreaterThan(0);
    expect(preview).toBeGreaterThan(notices);
    // The notice waits behind the preview: still there when it closes.
    expect(notice).toBeInTheDocument();
    notifications.clean();
    view.unmount();
  });

  it('plays .mkv and .mp4 in a player', async () => {
    await show({ filename: 'szkolenie.mkv', url: '/v' });
    const video = await screen.findByLabelText('Film: szkolenie.mkv');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('height', '440');
  });

  it('downloads everything else without opening a preview', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await show({ filename: 'arkusz.xlsx', url: '/a' });
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/a');
    expect(link.download).toBe('arkusz.xlsx');
    expect(screen.queryByRole('dialog')).toBeNull();
    click.mockRestore();
  });
});

describe('useFilePreview, when the server cannot serve the file', () => {
  afterEach(() => {
    notifications.clean();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the server’s message for a 5xx first byte and starts no download nor preview', async () => {
    const answers: Record<string, Response> = {
      '/drive.docx': new Response(
        JSON.stringify({ message: 'Błąd połączenia z dyskiem Google', code: 'SOURCE_UNAVAILABLE' }),
        { status: 502, headers: { 'Content-Type': 'application/json' } },
      ),
    };
    const asked: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        asked.push(new Headers(init?.headers).get('range'));
        return answers[url];
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await show({ filename: 'instrukcja.docx', url: '/drive.docx' });
    expect(await screen.findByText('Błąd połączenia z dyskiem Google')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    expect(asked).toEqual(['bytes=0-0']);
  });

  it('says the server failed for a 5xx that is not the API’s JSON, and opens no player', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 503 })),
    );
    await show({ filename: 'szkolenie.mp4', url: '/proxy.mp4' });
    expect(await screen.findByText(MSG.connectionError)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('still says a file deleted since the list was drawn is gone (404)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Nie znaleziono.' }), { status: 404 })),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await show({ filename: 'arkusz.xlsx', url: '/gone.xlsx' });
    expect(await screen.findByText(MSG.fileNotFound)).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });
});

describe('formatFileSize', () => {
  it('uses Polish notation', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(200 * 1024 * 1024)).toBe('200 MB');
  });
});
