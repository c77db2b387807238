import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { PROTOCOL_MSG, missingForSigning, protocolMissingMessage } from '@serwis/domain';
import { errorMessage } from '../../../lib/api-client';
import { useSignProtocol } from '../api/protocols';
import type { DraftSync } from './draft-sync-type';

/**
 * Signing the protocol: what is missing is named without asking the server; else the autosave
 * stops, the server signs, and the copy on the device is forgotten.
 */
export function useProtocolSigning(serviceId: number, sync: DraftSync) {
  const sign = useSignProtocol(serviceId);
  const [signProblem, setSignProblem] = useState<string | null>(null);

  const submitSignature = async () => {
    const missing = missingForSigning(sync.dataRef.current);
    if (missing.length) {
      setSignProblem(protocolMissingMessage(missing));
      return;
    }
    setSignProblem(null);
    await sync.pause();
    sign.mutate(sync.dataRef.current, {
      onSuccess: async () => {
        await sync.forget();
        notifications.show({ color: 'green', message: PROTOCOL_MSG.protocolSigned });
      },
      onError: (error) => setSignProblem(errorMessage(error)),
    });
  };

  return { signProblem, signing: sign.isPending, submitSignature };
}
