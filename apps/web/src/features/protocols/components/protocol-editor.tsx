import { useEffect, useRef, useState } from 'react';
import { Stack } from '@mantine/core';
import { employeeName, firstEmailAddress } from '@serwis/domain';
import { useSession } from '../../auth/api/session';
import { ErrorBanner } from '../../../components/error-banner';
import { FilePreview, type PreviewableFile } from '../../../components/file-preview';
import type { LoadedProtocol } from '../api/protocols';
import { useOfflineReady } from '../offline-shell';
import { useDraftSync } from '../use-draft-sync';
import { ChecklistEditors } from './checklist-editor';
import { ProtocolFooter } from './protocol-footer';
import { ProtocolNotices } from './protocol-notices';
import { ProtocolSignaturesPanel } from './protocol-signatures-panel';
import { ProtocolTitleBar } from './protocol-title-bar';
import { SendProtocolModal } from './send-protocol-modal';
import { ProtocolHeaderPanel, WorkPanel } from './protocol-sections';
import { useProtocolFields } from './use-protocol-fields';
import { useProtocolSigning } from './use-protocol-signing';
import { isIncompleteTime } from '../../../lib/incomplete-time';

/** The first time field under `root` that holds a time half typed, if any. */
const halfTypedTimeIn = (root: HTMLElement | null) =>
  [...(root?.querySelectorAll<HTMLInputElement>('input[type="time"]') ?? [])].find(isIncompleteTime) ?? null;

/** The field protocol: header, checklists, work, materials, times, signatures; autosaved. */
export function ProtocolEditor({ protocol, backTo }: { protocol: LoadedProtocol; backTo: string }) {
  const { header } = protocol;
  const { data: me } = useSession();
  const sync = useDraftSync(protocol, me ? { id: me.id, name: employeeName(me) } : undefined);
  // Here, not in the footer's badge: it also registers the offline shell, for every protocol opened.
  const offlineReady = useOfflineReady();
  const { data, setData } = sync;
  const { set, changeItem } = useProtocolFields(setData);
  const root = useRef<HTMLDivElement>(null);
  const { signProblem, refusals, signing, submitSignature } = useProtocolSigning(header.serviceId, sync, () =>
    halfTypedTimeIn(root.current),
  );
  // The banner sits above the footer, a long page away from where "Podpisz protokół" may be pressed:
  // each refusal scrolls it into view and moves the focus to it.
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const banner = problemRef.current;
    if (!refusals || !banner) return;
    banner.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    banner.focus({ preventScroll: true });
  }, [refusals]);
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<PreviewableFile | null>(null);
  const readOnly = !protocol.editable;

  return (
    <Stack ref={root} gap="md" maw={1100} mx="auto">
      <ProtocolTitleBar protocol={protocol} backTo={backTo} onPreview={setPreview} />
      <ProtocolNotices protocol={protocol} sync={sync} />

      <ProtocolHeaderPanel header={header} />

      <ChecklistEditors lists={data.checklists} readOnly={readOnly} onItemChange={changeItem} />

      <WorkPanel data={data} readOnly={readOnly} set={set} />

      <ProtocolSignaturesPanel data={data} readOnly={readOnly} signed={protocol.signed} set={set} />

      <div ref={problemRef} tabIndex={-1} style={{ outline: 'none' }}>
        <ErrorBanner message={signProblem} />
      </div>
      <ProtocolFooter
        protocol={protocol}
        sync={sync}
        offlineReady={offlineReady}
        signing={signing}
        onSign={() => void submitSignature()}
        onSend={() => setSending(true)}
      />
      <SendProtocolModal
        serviceId={header.serviceId}
        opened={sending}
        defaultEmail={firstEmailAddress(header.customer.email) ?? ''}
        onClose={() => setSending(false)}
      />
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
