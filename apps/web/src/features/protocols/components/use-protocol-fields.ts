import { useCallback } from 'react';
import type { ProtocolData, ProtocolItem } from '@serwis/domain';
import type { DraftSync } from './draft-sync-type';

export type SetProtocolField = <K extends keyof ProtocolData>(key: K, value: ProtocolData[K]) => void;

/** The editor's changes to the protocol's data: one field, or one answer of a checklist. */
export function useProtocolFields(setData: DraftSync['setData']) {
  const set: SetProtocolField = useCallback(
    <K extends keyof ProtocolData>(key: K, value: ProtocolData[K]) =>
      setData((d) => ({ ...d, [key]: value })),
    [setData],
  );
  const changeItem = useCallback(
    (key: string, item: ProtocolItem) =>
      setData((d) => ({
        ...d,
        checklists: d.checklists.map((l) => ({
          ...l,
          items: l.items.map((i) => (i.key === key ? item : i)),
        })),
      })),
    [setData],
  );
  return { set, changeItem };
}
