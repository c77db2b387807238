import { useNavigate } from 'react-router';
import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@serwis/domain';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { useSaveMachine } from '../api/machines';
import { FAMILIES, type MachineFamily } from '../family';
import { MachineForm } from './machine-form';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';
import { orConnectionError } from '../../../lib/failure-text';

export function MachineAdd({ family }: { family: MachineFamily }) {
  const config = FAMILIES[family];
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const save = useSaveMachine(family);
  return (
    <>
      <PageHeader title={config.addTitle} backTo={config.listPath} />
      {/* Spec §8: any failure of adding a machine reads "Błąd!"; no answer at all, as on every form. */}
      <ErrorBanner message={save.isError ? orConnectionError(MSG.error, save.error) : null} />
      <Paper withBorder p="md" maw={960}>
        <MachineForm
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
        />
      </Paper>
    </>
  );
}
