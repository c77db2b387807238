import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { PROTOCOL_MSG, missingForSigning, protocolMissingMessage } from '@serwis/domain';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSignProtocol } from '../api/protocols';
import type { DraftSync } from './draft-sync-type';

/**
 * Signing the protocol: what is missing is named without asking the server; else the autosave
 * stops, the server signs, and the copy on the device is forgotten. Once a signing was refused for
 * what is missing, the banner follows the protocol as it is filled in (a drawn signature leaves
 * the list at once, and the banner goes with the last one), instead of repeating the first list.
 */
export function useProtocolSigning(
  serviceId: number,
  sync: DraftSync,
  /**
   * A time field of the protocol left half typed (a 12-hour clock without AM/PM): the field holds
   * no value, and a signed protocol went without the time the technician typed, for good.
   */
  halfTypedTime: () => HTMLInputElement | null = () => null,
) {
  const sign = useSignProtocol(serviceId);
  const [askedToSign, setAskedToSign] = useState(false);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  // How many times signing was refused: each refusal brings its banner into view.
  const [refusals, setRefusals] = useState(0);
  const missing = askedToSign ? missingForSigning(sync.data) : [];
  const signProblem = missing.length ? protocolMissingMessage(missing) : serverProblem;

  const submitSignature = async () => {
    setServerProblem(null);
    const half = halfTypedTime();
    if (half) {
      setServerProblem(PROTOCOL_MSG.protocolTimeIncomplete(half.labels?.[0]?.textContent?.trim() ?? ''));
      half.focus();
      return;
    }
    if (missingForSigning(sync.dataRef.current).length) {
      setAskedToSign(true);
      setRefusals((n) => n + 1);
      return;
    }
    await sync.pause();
    sign.mutate(
      { data: sync.dataRef.current, base: sync.serverVersion.current },
      {
        onSuccess: async () => {
          await sync.forget();
          notifications.show({ color: 'green', message: PROTOCOL_MSG.protocolSigned });
        },
        onError: async (error) => {
          setServerProblem(errorMessage(error));
          setRefusals((n) => n + 1);
          // Another screen saved since this one's version: its changes are taken in and saved with
          // this screen's, for the user to see them before signing again.
          if (error instanceof ApiError && error.code === 'CHANGED_MEANWHILE') {
            await sync.takeInOtherChanges({ quiet: true }).catch(() => undefined);
            await sync.flush();
          }
        },
      },
    );
  };

  return { signProblem, refusals, signing: sign.isPending, submitSignature };
}
