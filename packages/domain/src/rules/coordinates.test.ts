import { describe, expect, it } from 'vitest';
import { coordinatesInText } from './coordinates.js';

describe('coordinatesInText', () => {
  it('reads a pair copied from a map, with dots or Polish commas', () => {
    const krakow = { latitude: 50.06194, longitude: 19.93685 };
    for (const text of [
      '50.06194, 19.93685',
      ' 50.06194,19.93685 ',
      '50,06194 19,93685',
      '50,06194; 19,93685',
    ])
      expect(coordinatesInText(text), text).toEqual(krakow);
    expect(coordinatesInText('-33.8688 151.2093')).toEqual({ latitude: -33.8688, longitude: 151.2093 });
    // Whole numbers, or one of each, joined by a comma and a space (52, 21 was read as 52.21).
    for (const [text, latitude, longitude] of [
      ['52, 21', 52, 21],
      ['52.1, 21', 52.1, 21],
      ['52,1, 21,0', 52.1, 21],
      ['52; 21', 52, 21],
    ] as const)
      expect(coordinatesInText(text), text).toEqual({ latitude, longitude });
  });

  it('reads the position in a map link', () => {
    expect(
      coordinatesInText('https://www.google.com/maps/place/Rynek/@50.0617022,19.9373569,17z/data=!3m1'),
    ).toEqual({ latitude: 50.0617022, longitude: 19.9373569 });
    expect(coordinatesInText('https://maps.google.com/?q=50.0617,19.9373')).toEqual({
      latitude: 50.0617,
      longitude: 19.9373,
    });
    expect(coordinatesInText('https://www.openstreetmap.org/#map=17/50.06170/19.93736')).toEqual({
      latitude: 50.0617,
      longitude: 19.93736,
    });
    expect(coordinatesInText('https://www.openstreetmap.org/?mlat=50.0617&mlon=19.9373#map=17')).toEqual({
      latitude: 50.0617,
      longitude: 19.9373,
    });
  });

  it('gives no position for one number, text, or a pair out of range', () => {
    for (const text of [
      '50.06194',
      '50,06194',
      'ul. Długa 5, Kraków',
      '',
      '95.1, 19.9',
      '50.1, 190',
      'a 1 2',
    ])
      expect(coordinatesInText(text), text).toBeNull();
  });
});
