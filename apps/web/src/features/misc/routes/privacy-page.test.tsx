import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../../../test/render-screen';
import { PrivacyPage } from './privacy-page';

describe('/privacy', () => {
  it('is readable without a session and has the sections spec §2 names', () => {
    renderScreen(<PrivacyPage />, { url: '/privacy' });
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    // data collection, purpose, sharing, security, user rights, changes and contact
    for (const section of [
      'zbieramy',
      'celu',
      'udostępniamy',
      'Bezpieczeństwo',
      'Prawa',
      'Zmiany',
      'Kontakt',
    ]) {
      expect(headings.some((h) => h?.includes(section))).toBe(true);
    }
  });
});
