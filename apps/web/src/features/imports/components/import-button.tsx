import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ImportKind } from '@serwis/domain';
import { useSession } from '../../auth/api/session';
import { ScreenErrorBoundary } from '../../../components/screen-error-boundary';

// The dialog (and its tables) loads only when an administrator opens it.
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

/** "Importuj z CSV" on a list header; administrators only. */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!session.data?.isAdmin) return null;
  // The dialog is taken off the page when closed, so focus goes back to the button by hand.
  const close = () => {
    setOpened(false);
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        variant="default"
        leftSection={<IconUpload size={16} />}
        onClick={() => setOpened(true)}
      >
        Importuj z CSV
      </Button>
      {opened && (
        // Its code not there (a deploy since the list opened): said beside the button, the list kept.
        <ScreenErrorBoundary>
          <Suspense fallback={null}>
            <ImportDialog kind={kind} onClose={close} />
          </Suspense>
        </ScreenErrorBoundary>
      )}
    </>
  );
}
