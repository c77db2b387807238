import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import '../lib/dayjs';
import { usePastedTextCutNotice } from '../lib/pasted-text-cut';

/**
 * What the screens behind the login need around them: Polish date pickers with weeks from Monday,
 * and the confirmations every delete asks for. Loaded with the first of those screens, not with the
 * login form.
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  // A paste longer than a field's limit is told (not on the login screen, whose two fields would not
  // pay for it in its script's size budget).
  usePastedTextCutNotice();
  return (
    <DatesProvider settings={{ locale: 'pl', firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: 'Tak', cancel: 'Anuluj' }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}
