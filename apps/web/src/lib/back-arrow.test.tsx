import { Link, useNavigationType } from 'react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '../components/page-header';
import { renderScreen } from '../../test/render-screen';
import { useOpenedFromTracking } from './back-arrow';

/** How the screen on view was reached: PUSH (opened anew) or POP (a step in history). */
function HowReached() {
  return <output data-testid="how">{useNavigationType()}</output>;
}

function List() {
  useOpenedFromTracking();
  return (
    <>
      <PageHeader title="Lista maszyn" />
      <Link to="/karta?id=7">Karta maszyny 7</Link>
      <HowReached />
    </>
  );
}

function Card() {
  useOpenedFromTracking();
  return (
    <>
      <PageHeader title="Karta maszyny" backTo="/lista" />
      <HowReached />
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('the back arrow', () => {
  it('steps back in history to the list the card was opened from', async () => {
    renderScreen(<List />, { url: '/lista', routes: { '/karta': <Card /> } });
    await userEvent.click(screen.getByRole('link', { name: 'Karta maszyny 7' }));
    await screen.findByRole('heading', { name: 'Karta maszyny' });
    await userEvent.click(screen.getByRole('button', { name: 'Wstecz' }));
    await screen.findByRole('heading', { name: 'Lista maszyn' });
    expect(location()).toBe('/lista');
    expect(screen.getByTestId('how')).toHaveTextContent('POP');
  });

  it('opens the list anew for a card reached otherwise (a QR label, a reload)', async () => {
    renderScreen(<Card />, { url: '/karta?id=7', routes: { '/lista': <List /> } });
    await userEvent.click(screen.getByRole('button', { name: 'Wstecz' }));
    await screen.findByRole('heading', { name: 'Lista maszyn' });
    expect(location()).toBe('/lista');
    expect(screen.getByTestId('how')).toHaveTextContent('PUSH');
  });
});
