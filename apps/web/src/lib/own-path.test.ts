import { describe, expect, it } from 'vitest';
import { isOwnPath } from './own-path';

describe('isOwnPath', () => {
  it('takes the app’s paths with their query', () => {
    expect(isOwnPath('/servicesList')).toBe(true);
    expect(isOwnPath('/machineEdit?id=5&tab=serwis')).toBe(true);
  });

  it('refuses what a browser reads as another host, and what is no path', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example/x',
      'https://evil.example',
      'servicesList',
      '',
      null,
    ]) {
      expect(isOwnPath(path), String(path)).toBe(false);
    }
  });
});
