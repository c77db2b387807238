/** An employee as screens, protocols and lists name them: "Jan Kowalski", or the e-mail without a name. */
export function employeeName(user: { firstName?: string | null; lastName?: string | null; email: string }) {
  return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email;
}
