import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportFailure, ImportKind, ImportPreview, ImportProgress, ImportResult } from '@serwis/domain';
import { errorMessage } from '../../../lib/api-client';
import { previewImport, runImport } from '../api/imports';

export type ImportStep =
  | { name: 'file' }
  | { name: 'preview'; preview: ImportPreview }
  | { name: 'running'; preview: ImportPreview }
  | { name: 'done'; result: ImportResult }
  | { name: 'failed'; failure: ImportFailure };

/**
 * The import dialog's state machine: a chosen file is previewed (again after each change of its
 * mapping or of creating what is missing), then imported, ending done or failed.
 */
export function useImportDialog(kind: ImportKind) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [step, setStep] = useState<ImportStep>({ name: 'file' });
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  const preview = async (chosen: File, mapping: (string | null)[] | undefined, create: boolean) => {
    setBusy(true);
    setProgress(null);
    setError(null);
    try {
      setStep({
        name: 'preview',
        preview: await previewImport({ kind, file: chosen, mapping, createMissing: create }, setProgress),
      });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const start = async (current: ImportPreview) => {
    if (!file) return;
    setStep({ name: 'running', preview: current });
    setProgress(null);
    setError(null);
    try {
      const outcome = await runImport({ kind, file, mapping: current.mapping, createMissing }, setProgress);
      if (outcome.ok) {
        setStep({ name: 'done', result: outcome.result });
        await client.invalidateQueries();
      } else setStep({ name: 'failed', failure: outcome.failure });
    } catch (e) {
      setError(errorMessage(e));
      setStep({ name: 'preview', preview: current });
    }
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    // Another file's preview (and its columns' fields) never stays beside this one.
    setStep({ name: 'file' });
    if (chosen) void preview(chosen, undefined, createMissing);
  };

  const changeMapping = (mapping: (string | null)[]) => {
    if (file) void preview(file, mapping, createMissing);
  };

  const changeCreateMissing = (value: boolean, mapping: (string | null)[]) => {
    setCreateMissing(value);
    if (file) void preview(file, mapping, value);
  };

  const chooseAnotherFile = () => {
    setFile(null);
    setStep({ name: 'file' });
  };

  return {
    file,
    createMissing,
    step,
    busy,
    progress,
    error,
    chooseFile,
    changeMapping,
    changeCreateMissing,
    start,
    chooseAnotherFile,
  };
}
