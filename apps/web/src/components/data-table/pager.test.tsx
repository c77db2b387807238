import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from '../../app/theme';
import { Pager, pagerWindow } from './pager';

const pageButtons = () =>
  screen.getAllByRole('button', { name: /^Strona \d+$/ }).map((b) => Number(b.textContent));

describe('pagerWindow', () => {
  it('shows up to two pages either side of the current one, never more', () => {
    expect(pagerWindow(1, 20)).toEqual([1, 2, 3]);
    expect(pagerWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pagerWindow(20, 20)).toEqual([18, 19, 20]);
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(10, 20, 1)).toEqual([9, 10, 11]);
    expect(pagerWindow(1, 20, 1)).toEqual([1, 2]);
  });
});

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('Pager', () => {
  it('offers first, previous, the window, next and last, and marks the current page', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <Pager page={1} pageCount={20} onChange={onChange} />
      </MantineProvider>,
    );
    expect(pageButtons()).toEqual([1, 2, 3]);
    expect(screen.getByRole('button', { name: 'Strona 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Pierwsza strona' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Strona 3' }));
    await user.click(screen.getByRole('button', { name: 'Następna strona' }));
    await user.click(screen.getByRole('button', { name: 'Ostatnia strona' }));
    expect(onChange.mock.calls.map(([p]) => p)).toEqual([3, 2, 20]);
  });

  it('offers no last page when the total is an estimate, and goes on page by page', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <Pager page={162} pageCount={162} onChange={onChange} endKnown={false} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Ostatnia strona' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pierwsza strona' })).toBeEnabled();
    expect(pageButtons()).toEqual([160, 161, 162]);
  });

  it('shows one page either side on a phone, so that its buttons fit a 390 px screen', () => {
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({
      ...realMatchMedia(query),
      matches: query === '(max-width: 48em)',
    }));
    render(
      <MantineProvider theme={theme} env="test">
        <Pager page={151} pageCount={400} onChange={vi.fn()} />
      </MantineProvider>,
    );
    expect(pageButtons()).toEqual([150, 151, 152]);
  });
});
