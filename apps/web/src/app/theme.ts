import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Tablet use: touch targets of at least 40 px.
    Button: { defaultProps: { size: 'sm' } },
    ActionIcon: { defaultProps: { size: 40, variant: 'subtle' } },
  },
});
