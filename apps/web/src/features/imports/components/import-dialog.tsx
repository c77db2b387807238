import { Alert, Modal, Stack } from '@mantine/core';
import { IMPORT_MSG, type ImportKind } from '@serwis/domain';
import { usePhone } from '../../../lib/use-phone';
import { ImportDoneStep } from './import-done-step';
import { ImportFailedStep } from './import-failed-step';
import { ImportFileHint, ImportFileInput } from './import-file-step';
import { ImportPreviewStep } from './import-preview-step';
import { ImportProgressView } from './import-progress';
import { ImportRunningStep } from './import-running-step';
import { useImportDialog } from './use-import-dialog';

/** Choose a file → preview with the column mapping and row messages → import → result or report. */
export function ImportDialog({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  const phone = usePhone();
  const dialog = useImportDialog(kind);
  const { step, busy, progress, error } = dialog;

  return (
    <Modal
      opened
      onClose={onClose}
      title={IMPORT_MSG.titles[kind]}
      size="90%"
      fullScreen={phone}
      closeOnClickOutside={false}
      // While the import runs it cannot be stopped (one transaction): the dialog stays for its outcome.
      withCloseButton={step.name !== 'running'}
      closeOnEscape={step.name !== 'running'}
    >
      <Stack>
        {step.name === 'file' && !busy && <ImportFileHint kind={kind} />}
        {(step.name === 'file' || step.name === 'preview') && (
          <ImportFileInput file={dialog.file} busy={busy} onChange={dialog.chooseFile} />
        )}
        {busy && <ImportProgressView progress={progress} label="Sprawdzanie pliku" />}
        {error && <Alert color="red">{error}</Alert>}
        {step.name === 'preview' && (
          <ImportPreviewStep
            preview={step.preview}
            kind={kind}
            busy={busy}
            createMissing={dialog.createMissing}
            onMapping={dialog.changeMapping}
            onCreateMissing={(value) => dialog.changeCreateMissing(value, step.preview.mapping)}
            onImport={() => void dialog.start(step.preview)}
            onClose={onClose}
          />
        )}
        {step.name === 'running' && <ImportRunningStep total={step.preview.total} progress={progress} />}
        {step.name === 'done' && <ImportDoneStep result={step.result} onClose={onClose} />}
        {step.name === 'failed' && (
          <ImportFailedStep
            failure={step.failure}
            onChooseAnother={dialog.chooseAnotherFile}
            onClose={onClose}
          />
        )}
      </Stack>
    </Modal>
  );
}
