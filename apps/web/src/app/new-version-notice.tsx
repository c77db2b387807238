import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@serwis/domain';
import { servedAppVersion, servesAnotherBuild } from '../lib/api-client';

const NOTICE_ID = 'new-version';
export const NEW_VERSION_TITLE = 'Jest nowa wersja Serwisu';
export const NEW_VERSION_TEXT =
  'Odśwież stronę, aby z niej korzystać. Zapisz najpierw to, co masz otwarte w formularzu.';

/**
 * A tab left open over a deploy says so: once an answer of the server names another build than the
 * one this page started from, a notice that stays until closed offers "Odśwież stronę" (a form with
 * changes asks first, as before any reload). Until then the old screens go on working, and a screen
 * whose code is gone says so itself. Told once for each new build; taken back if the server serves
 * this page's build again (a deploy rolled back).
 */
export function useNewVersionNotice() {
  const client = useQueryClient();
  useEffect(() => {
    let told: string | null = null;
    const check = () => {
      if (!servesAnotherBuild()) {
        if (told) notifications.hide(NOTICE_ID);
        told = null;
        return;
      }
      const served = servedAppVersion();
      if (served === told) return;
      told = served;
      notifications.show({
        id: NOTICE_ID,
        autoClose: false,
        title: NEW_VERSION_TITLE,
        message: (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{NEW_VERSION_TEXT}</Text>
            <Button size="xs" onClick={() => window.location.reload()}>
              {MSG.reloadPage}
            </Button>
          </Stack>
        ),
      });
    };
    const stops = [client.getQueryCache().subscribe(check), client.getMutationCache().subscribe(check)];
    check();
    return () => stops.forEach((stop) => stop());
  }, [client]);
}
