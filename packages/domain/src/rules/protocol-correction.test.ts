import { describe, expect, it } from 'vitest';
import { correctedSections } from './protocol-correction.js';
import type { ProtocolData } from '../schemas/protocols.js';

const signed: ProtocolData = {
  checklists: [],
  workDone: 'Wymiana uszczelki',
  materials: [{ name: 'Uszczelka', quantity: '2', unit: 'szt.' }],
  arrivalTime: '08:00',
  startTime: '08:15',
  endTime: '10:00',
  kilometers: 40,
  nights: 0,
  recommendations: '',
  customerSignerName: 'Łucja Śliwińska',
  technicianSignature: '',
  customerSignature: '',
};

describe('the parts a correction of a signed protocol changed', () => {
  it('names each changed part as the PDF heads it, in the PDF’s order', () => {
    expect(
      correctedSections(signed, { ...signed, recommendations: 'Filtr za pół roku', endTime: '10:30' }),
    ).toEqual(['„Czas pracy i dojazd”', '„Zalecenia dla klienta”']);
  });

  it('sees no change in the same values read back with their keys in another order', () => {
    const reordered = { ...signed, materials: [{ unit: 'szt.', name: 'Uszczelka', quantity: '2' }] };
    expect(correctedSections(signed, reordered)).toEqual([]);
    expect(correctedSections(signed, { ...reordered, materials: [] })).toEqual(['„Materiały i części”']);
  });
});
