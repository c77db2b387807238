import type { MachineStatus } from '@serwis/domain';

/**
 * The sign on a status's marker and legend dot, so that a status is told without its colour (WCAG
 * 1.4.1): to a red-green colour-blind eye, "Ok" and "Awaria" were one olive, and in a high-contrast
 * mode every marker was the same ring. The letters are the labels' first ("Produkcja", "W
 * naprawie"); "Ok" is a tick, the two failures one and two exclamation marks.
 */
export const STATUS_MARKS: Record<MachineStatus, string> = {
  PRODUCTION: 'P',
  TRANSPORT: 'T',
  INSTALLATION: 'I',
  OK: '✓',
  IN_REPAIR: 'W',
  FAULT: 'U',
  BROKEN: '!',
  DANGER: '!!',
};

/** The mark of a status by its name; none for a name the list does not know. */
export const statusMark = (status: string | null | undefined): string =>
  (STATUS_MARKS as Record<string, string>)[status ?? ''] ?? '';
