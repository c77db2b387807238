import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { PROTOCOL_MSG } from '../protocol-messages.js';
import { IMPORT_MSG } from '../schemas/imports.js';
import { REMINDER_MSG } from '../schemas/reminders.js';
import { PROTOCOL_PDF_LABELS } from './protocol-pdf.js';
import { DELETION_TEXT } from './deletion.js';

/** The sentences with numbers or names moved from the browser and the server, as they read there. */
describe('texts moved into the domain', () => {
  it('ask before a delete and before printing every label', () => {
    expect(MSG.deleteQuestion('kontrahenta Żuraw')).toBe('Czy na pewno chcesz usunąć kontrahenta Żuraw?');
    expect(MSG.todoDeleteQuestion(42)).toBe('Czy na pewno chcesz usunąć zadanie nr 42?');
    expect(MSG.qrLabelsAllConfirm('1 234')).toBe(
      'Nie zaznaczono żadnej maszyny. Wydrukować naklejki QR dla wszystkich maszyn z listy (1 234)?',
    );
    expect(MSG.labelsTooMany(2400)).toBe(
      'Za dużo maszyn na jeden wydruk: najwyżej 2400 naklejek. Zawęź filtr lub zaznacz maszyny.',
    );
  });

  it("say why a category's machines keep it, in the number's own form", () => {
    expect(DELETION_TEXT.categoryKeptBy(0)).toBe('');
    expect(DELETION_TEXT.categoryKeptBy(1)).toBe(
      'Kategorii nie można teraz usunąć: należy do niej 1 maszyna. Najpierw przenieś ją do innej kategorii lub ją usuń.',
    );
    expect(DELETION_TEXT.categoryKeptBy(3)).toBe(
      'Kategorii nie można teraz usunąć: należą do niej 3 maszyny. Najpierw przenieś je do innej kategorii lub je usuń.',
    );
    expect(DELETION_TEXT.categoryKeptBy(12)).toContain('należy do niej 12 maszyn. Najpierw przenieś je');
  });

  it('report the reminder run, the sent protocol and the import', () => {
    expect(REMINDER_MSG.runDone(3, 2)).toBe('Wysłano przypomnienia. Nowe wiadomości: 3, wysłane: 2.');
    expect(REMINDER_MSG.runDone(1, 0, 1)).toBe(
      'Nie wysłano przypomnień: serwer poczty ich nie przyjął. Nowe wiadomości: 1, wysłane: 0, niewysłane (do ponowienia): 1.',
    );
    expect(REMINDER_MSG.runDone(3, 2, 1)).toBe(
      'Wysłano część przypomnień: serwer poczty nie przyjął pozostałych. Nowe wiadomości: 3, wysłane: 2, niewysłane (do ponowienia): 1.',
    );
    expect(REMINDER_MSG.runDone(0, 0)).toBe('Brak nowych przypomnień do wysłania.');
    expect(PROTOCOL_MSG.protocolSentTo('a@b.pl', '03.12.2026 10:15')).toBe(
      'Wysłano do klienta a@b.pl 03.12.2026 10:15',
    );
    expect(IMPORT_MSG.createdCustomers(2)).toBe('Nowi kontrahenci: 2.');
    expect(IMPORT_MSG.createdCategories(1)).toBe('Nowe kategorie: 1.');
  });

  it("write the protocol PDF's values", () => {
    expect(PROTOCOL_PDF_LABELS.machine('Sprężarka', '—')).toBe('Sprężarka (nr seryjny: —)');
    expect(PROTOCOL_PDF_LABELS.checklistTitle('Sprężarka', '')).toBe('Sprężarka');
    expect(PROTOCOL_PDF_LABELS.checklistTitle('Sprężarka', 'SN-1')).toBe('Sprężarka (nr seryjny: SN-1)');
    expect(PROTOCOL_PDF_LABELS.kilometers(PROTOCOL_PDF_LABELS.distance(12.5))).toBe('Kilometry: 12,5 km');
    expect(PROTOCOL_PDF_LABELS.start('08:00')).toBe('Rozpoczęcie: 08:00');
  });
});
