import { useCallback, useState } from 'react';
import { Box, Button, Center, getDefaultZIndex, Image, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { fileKind, MSG, PREVIEW_MSG } from '@serwis/domain';

/** A file to show: its name decides how (spec §9), the URL serves its bytes. */
export interface PreviewableFile {
  filename: string;
  url: string;
  /**
   * Made when asked for (a protocol's printout), not stored: nothing can have been deleted, and
   * asking for its first byte would make it once more.
   */
  generated?: boolean;
}

const ABOVE_NOTICES = getDefaultZIndex('overlay') + 1;

/** The tutorial player is 440 px high (spec §9); the same player serves machine and service files. */
const VIDEO_HEIGHT = 440;

/** Starts a download through a temporary link (same origin, so the session cookie goes along). */
export function downloadFromUrl(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * The one preview of the app: PDF inline in a full-screen viewer, images full-screen, video in a
 * player. Other kinds never open here; `useFilePreview().open` downloads them instead.
 */
export function FilePreview({ file, onClose }: { file: PreviewableFile | null; onClose: () => void }) {
  const kind = file ? fileKind(file.filename) : 'other';
  const opened = file !== null && kind !== 'other';
  const title = file?.filename ?? '';
  if (kind === 'video') {
    return (
      <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
        {file && (
          <video
            src={file.url}
            controls
            autoPlay
            height={VIDEO_HEIGHT}
            style={{ width: '100%', background: 'black' }}
            aria-label={`Film: ${title}`}
          />
        )}
      </Modal>
    );
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen
      // Above the notices: one still shown ("Dodano plik.") sat over the ✕, and a tap meant to close
      // the preview closed the notice. It waits behind the preview instead.
      zIndex={ABOVE_NOTICES}
      padding="xs"
      styles={{ body: { height: 'calc(100dvh - 60px)' } }}
    >
      {file && kind === 'pdf' && (
        <Box
          component="iframe"
          src={file.url}
          title={`Podgląd: ${title}`}
          style={{ border: 0, width: '100%', height: '100%' }}
        />
      )}
      {file && kind === 'image' && <PicturePreview key={file.url} file={file} title={title} />}
    </Modal>
  );
}

/**
 * A picture full-screen; one the browser cannot draw (a PDF named .jpg, a broken photo) says so and
 * offers the file itself, instead of a broken-picture sign alone.
 */
function PicturePreview({ file, title }: { file: PreviewableFile; title: string }) {
  const [unreadable, setUnreadable] = useState(false);
  if (unreadable) {
    return (
      <Center h="100%">
        <Stack align="center" maw={480}>
          <Text ta="center">{PREVIEW_MSG.unreadablePicture}</Text>
          <Button onClick={() => downloadFromUrl(file.url, file.filename)}>{PREVIEW_MSG.download}</Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center h="100%">
      <Image
        src={file.url}
        alt={title}
        fit="contain"
        mah="100%"
        maw="100%"
        onError={() => setUnreadable(true)}
      />
    </Center>
  );
}

/** What the first byte of a file said: there, gone (404), or the server could not serve it (5xx). */
type FirstByte = { kind: 'there' } | { kind: 'gone' } | { kind: 'failed'; message: string };

/**
 * Whether the file can be served: its first byte is asked for, and the rest never read. A file
 * another employee deleted since the list was drawn answers 404; a server that cannot serve it
 * now (5xx: a tutorial on a Google Drive that fails) answers with its message, which a download
 * would have dropped (it ended as a silently cancelled download). Any other outcome (no network,
 * a server that ignores the range) lets the preview or the download go on as before.
 */
async function firstByte(url: string): Promise<FirstByte> {
  const controller = new AbortController();
  try {
    const response = await fetch(url, { headers: { Range: 'bytes=0-0' }, signal: controller.signal });
    if (response.status === 404) return { kind: 'gone' };
    if (response.status >= 500) return { kind: 'failed', message: await serverMessage(response) };
    return { kind: 'there' };
  } catch {
    return { kind: 'there' };
  } finally {
    controller.abort();
  }
}

/** The `message` of the server's JSON answer; a proxy's page says only that the server failed. */
async function serverMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body?.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  return MSG.connectionError;
}

/**
 * `open(file)` previews what can be previewed and downloads the rest, `download(file)` downloads;
 * render `preview` once. A file gone since its list was drawn is said to be gone ("Nie znaleziono
 * pliku.") and the lists on screen are read again: the viewer showed the server's JSON answer,
 * and a download did nothing. A file the server cannot serve now (5xx) is not opened either: its
 * message is shown the same way ("Błąd połączenia z dyskiem Google").
 */
export function useFilePreview() {
  const client = useQueryClient();
  const [file, setFile] = useState<PreviewableFile | null>(null);
  const whenStored = useCallback(
    async (next: PreviewableFile, go: () => void) => {
      if (next.generated) return go();
      const answer = await firstByte(next.url);
      if (answer.kind === 'there') return go();
      if (answer.kind === 'failed') return void notifications.show({ color: 'red', message: answer.message });
      notifications.show({ color: 'red', message: MSG.fileNotFound });
      void client.invalidateQueries();
    },
    [client],
  );
  const open = useCallback(
    (next: PreviewableFile) =>
      void whenStored(next, () =>
        fileKind(next.filename) === 'other' ? downloadFromUrl(next.url, next.filename) : setFile(next),
      ),
    [whenStored],
  );
  const download = useCallback(
    (next: PreviewableFile) => void whenStored(next, () => downloadFromUrl(next.url, next.filename)),
    [whenStored],
  );
  const close = useCallback(() => setFile(null), []);
  return { open, download, close, preview: <FilePreview file={file} onClose={close} /> };
}
