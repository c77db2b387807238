import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MACHINE_FORM_MSG, MSG } from '@serwis/domain';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { useSaveMachine } from '../api/machines';
import { FAMILIES, type MachineFamily } from '../family';
import { MachineForm } from './machine-form';
import type { MachineFormValues } from '../machine-form-values';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';
import { orConnectionError } from '../../../lib/failure-text';

export function MachineAdd({ family }: { family: MachineFamily }) {
  const config = FAMILIES[family];
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const save = useSaveMachine(family);
  /** After "Zapisz i dodaj kolejną": a fresh form (its key) starting with what the last one kept. */
  const [next, setNext] = useState<{ key: number; values?: MachineFormValues }>({ key: 0 });
  return (
    <>
      <PageHeader title={config.addTitle} backTo={config.listPath} />
      {/* Spec §8: any failure of adding a machine reads "Błąd!"; no answer at all, as on every form. */}
      <ErrorBanner message={save.isError ? orConnectionError(MSG.error, save.error) : null} />
      <Paper withBorder p="md" maw={960}>
        <MachineForm
          key={next.key}
          startValues={next.values}
          family={family}
          wide
          saving={save.isPending}
          serverError={save.error}
          onCancel={() => navigate(config.listPath)}
          onSubmit={(payload) =>
            save.mutate(payload, {
              onSuccess: () => {
                notifications.show({ color: 'green', message: MSG.saved });
                leaveSaved(config.listPath);
              },
            })
          }
          onSubmitAndNext={(payload, values) =>
            save.mutate(payload, {
              onSuccess: (saved) => {
                notifications.show({
                  color: 'green',
                  message: MACHINE_FORM_MSG.savedNext(saved.name, saved.id),
                });
                setNext((current) => ({ key: current.key + 1, values }));
                save.reset();
              },
            })
          }
        />
      </Paper>
    </>
  );
}
