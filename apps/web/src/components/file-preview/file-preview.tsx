import { useCallback, useState } from 'react';
import { Box, Center, getDefaultZIndex, Image, Modal } from '@mantine/core';
import { fileKind } from '@serwis/domain';

/** A file to show: its name decides how (spec §9), the URL serves its bytes. */
export interface PreviewableFile {
  filename: string;
  url: string;
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
      {file && kind === 'image' && (
        <Center h="100%">
          <Image src={file.url} alt={title} fit="contain" mah="100%" maw="100%" />
        </Center>
      )}
    </Modal>
  );
}

/** `open(file)` previews what can be previewed and downloads the rest; render `preview` once. */
export function useFilePreview() {
  const [file, setFile] = useState<PreviewableFile | null>(null);
  const open = useCallback((next: PreviewableFile) => {
    if (fileKind(next.filename) === 'other') downloadFromUrl(next.url, next.filename);
    else setFile(next);
  }, []);
  const close = useCallback(() => setFile(null), []);
  return { open, close, preview: <FilePreview file={file} onClose={close} /> };
}
