/**
 * Records with an author (a machine's notes, its incidents): the author changes his own, admins any
 * (domain.md "Permissions"). The server enforces it; the browser hides what it would refuse.
 */
export function mayChangeOwnRecord(
  actor: { id: number; isAdmin: boolean } | null | undefined,
  authorId: number,
): boolean {
  if (!actor) return false;
  return actor.isAdmin || actor.id === authorId;
}
