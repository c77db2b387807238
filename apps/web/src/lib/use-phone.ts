import { useMediaQuery } from '@mantine/hooks';

/** A phone-sized screen (below Mantine's `sm`, 48em): layouts that need the width change there. */
export function usePhone() {
  return useMediaQuery('(max-width: 48em)');
}
