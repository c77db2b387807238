/** An address as protocols, reminders, printouts and to-dos write it: "ul. Długa 5, 90-001 Łódź". */
export const postalAddress = (street: string, zipCode: string, city: string) =>
  [street, [zipCode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
