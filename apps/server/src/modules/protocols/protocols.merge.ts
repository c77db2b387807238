import type { ProtocolChecklist, ProtocolItem } from '@serwis/domain';

/** A name as compared: composed (NFC), without the spaces a client may trim or keep. */
const plain = (name: string) => name.normalize('NFC').replace(/\s+/g, ' ').trim();
const sameName = (a: string, b: string) => plain(a) === plain(b);

/**
 * Which row the browser sent stands for each row of the snapshot, within one machine's checklist.
 * A browser may hold an older copy of the list than the snapshot: the screen was opened before an
 * administrator reordered, added or deleted operations, and the snapshot is only taken at the first
 * save (or the tablet was offline meanwhile). So a row is matched by its key when it still names
 * the same operation, else by the operation's name (the first row of that name not taken yet),
 * wherever it now stands. A row whose name the snapshot does not have (its operation deleted or
 * renamed) lands nowhere: an operation deleted and another added in its place look alike, and an
 * answer on the wrong operation is worse than a question asked again before signing.
 */
function matchRows(snapshot: ProtocolItem[], sent: ProtocolItem[]): (ProtocolItem | undefined)[] {
  const taken = new Set<ProtocolItem>();
  const matched: (ProtocolItem | undefined)[] = snapshot.map(() => undefined);
  const take = (i: number, row: ProtocolItem | undefined) => {
    if (!row || taken.has(row) || matched[i]) return;
    matched[i] = row;
    taken.add(row);
  };
  const byKey = new Map(sent.map((row) => [row.key, row]));
  snapshot.forEach((item, i) => {
    const row = byKey.get(item.key);
    if (row && sameName(row.name, item.name)) take(i, row);
  });
  snapshot.forEach((item, i) =>
    take(
      i,
      sent.find((row) => !taken.has(row) && sameName(row.name, item.name)),
    ),
  );
  return matched;
}

/** The measured values, by the measurement's name where it has one of the snapshot's, else by place. */
function mergeFields(item: ProtocolItem, answered: ProtocolItem): ProtocolItem['fields'] {
  return item.fields.map((field, i) => {
    const named = answered.fields.find((f) => sameName(f.name, field.name));
    return { ...field, value: (named ?? answered.fields[i])?.value ?? field.value };
  });
}

/**
 * The answers sent by the browser, laid over the protocol's own snapshot: names, fields and units
 * come from the snapshot, only answers, remarks and measured values from the request. So a protocol
 * keeps the operations it was started with, and an answer never slides onto another operation
 * (docs/protocols.md).
 */
export function mergeAnswers(snapshot: ProtocolChecklist[], sent: ProtocolChecklist[]): ProtocolChecklist[] {
  return snapshot.map((list) => {
    const sentRows = sent
      .filter((l) => l.deviceId === list.deviceId && l.kind === list.kind)
      .flatMap((l) => l.items);
    const matched = matchRows(list.items, sentRows);
    return {
      ...list,
      items: list.items.map((item, i) => {
        const answered = matched[i];
        if (!answered) return item;
        return {
          ...item,
          answer: answered.answer,
          remark: answered.remark,
          fields: mergeFields(item, answered),
        };
      }),
    };
  });
}
