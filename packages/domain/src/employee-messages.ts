/**
 * Polish messages of an employee's data saved by two administrators at once, kept apart from MSG
 * (on the login screen's path, whose script has a budget).
 */
export const EMPLOYEE_MSG = {
  /** 409 CHANGED_MEANWHILE: the employee was saved by someone else since `base`. */
  changedMeanwhile:
    'Dane pracownika zmienił w międzyczasie ktoś inny (w innym oknie lub na innym urządzeniu). Odśwież je, aby zobaczyć jego zmiany.',
  /** The form took the other's changes in (fields this one did not change) and saved again. */
  employeeMerged:
    'Dane pracownika zmienił w międzyczasie ktoś inny. Zapisano Twoje zmiany razem z jego (pola, których nie zmieniano, mają jego wartości); sprawdź je.',
  /** As `employeeMerged`, naming the fields both changed, which keep this form's value. */
  employeeMergedClashes: (labels: readonly string[]) =>
    `Dane pracownika zmienił w międzyczasie ktoś inny. Zapisano Twoje zmiany razem z jego; ${
      labels.length === 1
        ? `pole „${labels[0]}” zmienił też on, a zapisano w nim Twoją wartość`
        : `pola ${labels.map((l) => `„${l}”`).join(', ')} zmienił też on, a zapisano w nich Twoje wartości`
    }. Sprawdź dane.`,
  /** The question before an administrator takes his own administrator role away. */
  demoteSelfTitle: 'Odebrać sobie rolę administratora?',
  /** The last active administrator taking his own role away: said before anything is asked. */
  demoteSelfImpossibleTitle: 'Nie można odebrać roli administratora',
  demoteSelfQuestion:
    'Po zapisaniu stracisz dostęp do ekranów administratora (pracownicy, statystyki, logi, oddziały, czynności montażowe) i wrócisz do ekranu startowego. Przywrócić tę rolę może tylko inny administrator.',
  demoteSelfConfirm: 'Odbierz mi rolę',
} as const;
