import { Tabs, type TabsProps } from '@mantine/core';
import { usePhone } from '../lib/use-phone';

const GAP = 'var(--mantine-spacing-md)';

/**
 * Tabs listed down the left of their panel (the screens spec gives "vertical tabs"); on a phone
 * they run across the top, so the panel keeps the screen's width. The panel takes the rest of the
 * row and may be narrower than its content, so a wide table scrolls inside it, not the page.
 */
export function SideTabs(props: Omit<TabsProps, 'orientation' | 'styles'>) {
  const phone = usePhone();
  return (
    <Tabs
      {...props}
      orientation={phone ? 'horizontal' : 'vertical'}
      styles={{ panel: phone ? { paddingTop: GAP } : { flex: 1, minWidth: 0, paddingLeft: GAP } }}
    />
  );
}
