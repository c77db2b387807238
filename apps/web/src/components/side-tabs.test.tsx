import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider, Tabs } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { theme } from '../app/theme';
import { SideTabs } from './side-tabs';

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

/** A screen whose width matches `phone`: the media queries of Mantine's hooks answer so. */
function screenWidth(phone: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    ...realMatchMedia(query),
    matches: phone && query === '(max-width: 48em)',
  }));
}

function renderTabs() {
  render(
    <MantineProvider theme={theme}>
      <SideTabs defaultValue="a">
        <Tabs.List>
          <Tabs.Tab value="a">Pierwsza</Tabs.Tab>
          <Tabs.Tab value="b">Druga</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="a">Treść pierwszej</Tabs.Panel>
        <Tabs.Panel value="b">Treść drugiej</Tabs.Panel>
      </SideTabs>
    </MantineProvider>,
  );
}

describe('SideTabs', () => {
  it('lists the tabs down the side of their panel on a wide screen', () => {
    screenWidth(false);
    renderTabs();
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Treść pierwszej');
  });

  it('runs them across the top on a phone', async () => {
    screenWidth(true);
    renderTabs();
    // The hook reads the media query once mounted.
    await vi.waitFor(() =>
      expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal'),
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Treść pierwszej');
  });
});
