import {
  checklistAnswerLabel,
  type ProtocolChecklist,
  type ProtocolData,
  type ProtocolItem,
} from '@serwis/domain';

/*
 * Two screens on one protocol (the technician's tablet and the office, or two tabs) each save the
 * whole form. When the server says the other saved first (409 CHANGED_MEANWHILE), the screen lays
 * its own changes over the server's version: a field (each checklist row's answer, remark and
 * measurement on its own) changed here keeps this screen's value, any other takes the server's; the
 * materials keep the rows each screen added and lose the rows each removed (counted per row, so a
 * merge made twice changes nothing more). A field changed in both places keeps this screen's, the
 * one its user is looking at.
 */

/**
 * The same value, whatever the order of its keys: the server stores the form as jsonb, which gives
 * an object's keys back in its own order (`{ name, unit, quantity }` of a material typed here as
 * `{ name, quantity, unit }`), so a text comparison took every row for one changed on this screen.
 */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => same(v, b[i]));
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  const bo = b as Record<string, unknown>;
  return (
    ak.length === bk.length && ak.every((k) => k in bo && same((a as Record<string, unknown>)[k], bo[k]))
  );
}

/** `mine` where it differs from what this screen started from, else `theirs`. */
const pick = <T>(base: T, mine: T, theirs: T): T => (same(mine, base) ? theirs : mine);

const listKey = (list: Pick<ProtocolChecklist, 'deviceId' | 'kind'>) => `${list.deviceId}|${list.kind}`;

/**
 * A measurement's value as a screen had it: at its place when the name there is its own (two
 * measurements of one name, "Ciśnienie" in bar and in psi, each keep theirs), else by its name,
 * else by its place.
 */
const valueOf = (item: ProtocolItem, name: string, i: number) =>
  (item.fields[i]?.name === name
    ? item.fields[i]
    : (item.fields.find((f) => f.name === name) ?? item.fields[i])
  )?.value;

/** One row: its answer, its remark and each measurement merged on their own. */
function mergeItem(base: ProtocolItem, mine: ProtocolItem, theirs: ProtocolItem): ProtocolItem {
  return {
    ...theirs,
    answer: pick(base.answer, mine.answer, theirs.answer),
    remark: pick(base.remark, mine.remark, theirs.remark),
    fields: theirs.fields.map((field, i) => ({
      ...field,
      value: pick(valueOf(base, field.name, i), valueOf(mine, field.name, i), field.value) ?? field.value,
    })),
  };
}

function mergeItems(base: ProtocolItem[], mine: ProtocolItem[], theirs: ProtocolItem[]): ProtocolItem[] {
  const baseByKey = new Map(base.map((item) => [item.key, item]));
  const mineByKey = new Map(mine.map((item) => [item.key, item]));
  return theirs.map((item) => {
    const own = mineByKey.get(item.key);
    const start = baseByKey.get(item.key);
    return own && start ? mergeItem(start, own, item) : item;
  });
}

/** How many rows of `list` are the same as `row`. */
const countOf = <T>(list: readonly T[], row: T) => list.filter((candidate) => same(candidate, row)).length;

/**
 * A list of its own rows (the materials), changed on both screens. Each distinct row comes as many
 * times as the screen that changed its count has it, this one's when both did, in the server's
 * order: a row this screen edited takes the place of the one it was, and the rows only this screen
 * added come at the end. Counts, not additions: this screen's own save that reached the server
 * without its answer (the network gone) comes back as the server's version, and a row added or
 * removed once was added or removed twice.
 */
function mergeRows<T>(base: T[], mine: T[], theirs: T[]): T[] {
  if (same(mine, base)) return theirs;
  if (same(theirs, base)) return mine;
  // This screen's count of a row when it changed it, else the server's.
  const wanted = (row: T) =>
    countOf(mine, row) === countOf(base, row) ? countOf(theirs, row) : countOf(mine, row);
  const merged: T[] = [];
  const take = (row: T) => {
    const short = countOf(merged, row) < wanted(row);
    if (short) merged.push(row);
    return short;
  };
  for (const row of theirs) {
    // Left out: removed or edited here. An edit (this screen's row at its place) takes its place.
    if (!take(row)) {
      const at = base.findIndex((candidate) => same(candidate, row));
      if (at >= 0 && at < mine.length) take(mine[at]);
    }
  }
  for (const row of mine) take(row);
  return merged;
}

/**
 * The checklists as the server has them (its lists and rows are the protocol's own), with the rows
 * this screen answered since it started.
 */
function mergeChecklists(
  base: ProtocolChecklist[],
  mine: ProtocolChecklist[],
  theirs: ProtocolChecklist[],
): ProtocolChecklist[] {
  const baseByKey = new Map(base.map((list) => [listKey(list), list]));
  const mineByKey = new Map(mine.map((list) => [listKey(list), list]));
  return theirs.map((list) => {
    const own = mineByKey.get(listKey(list));
    const start = baseByKey.get(listKey(list));
    return own && start ? { ...list, items: mergeItems(start.items, own.items, list.items) } : list;
  });
}

/** This screen's changes since `base` laid over the server's version `theirs`. */
export function mergeDrafts(base: ProtocolData, mine: ProtocolData, theirs: ProtocolData): ProtocolData {
  const merged = { ...theirs };
  for (const field of Object.keys(theirs) as (keyof ProtocolData)[]) {
    if (field === 'checklists' || field === 'materials') continue;
    (merged as Record<string, unknown>)[field] = pick(base[field], mine[field], theirs[field]);
  }
  merged.checklists = mergeChecklists(base.checklists, mine.checklists, theirs.checklists);
  merged.materials = mergeRows(base.materials, mine.materials, theirs.materials);
  return merged;
}

const rowId = (list: ProtocolChecklist, item: ProtocolItem) => `${list.deviceId}|${list.kind}|${item.name}`;

/**
 * What was typed on this screen for operations the protocol's own list no longer has (an
 * administrator renamed or deleted them after the screen opened, and the server matched the answers
 * by name): each as „operation” (machine): answer, remark, measurements, for the notice to name.
 */
export function answersLeftOut(shown: ProtocolChecklist[], stored: ProtocolChecklist[]): string[] {
  const kept = new Set(stored.flatMap((list) => list.items.map((item) => rowId(list, item))));
  return shown.flatMap((list) =>
    list.items
      .filter((item) => !kept.has(rowId(list, item)))
      .map((item) => {
        const typed = [
          checklistAnswerLabel(item.answer),
          item.remark.trim() && `uwagi: ${item.remark.trim()}`,
          ...item.fields
            .filter((f) => f.value.trim())
            .map((f) => `${f.name}: ${f.value.trim()} ${f.unit}`.trim()),
        ].filter(Boolean);
        return typed.length ? `„${item.name}” (${list.deviceName}): ${typed.join(', ')}` : '';
      })
      .filter(Boolean),
  );
}
