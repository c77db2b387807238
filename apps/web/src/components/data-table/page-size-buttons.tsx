import { Button, Group, Text } from '@mantine/core';

export function PageSizeButtons(props: {
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <Group gap={4} role="group" aria-label="Liczba wierszy na stronie" className="print-hidden">
      <Text size="sm" c="dimmed" mr={4}>
        Na stronie:
      </Text>
      {props.sizes.map((size) => (
        <Button
          key={size}
          // The app's button height (36 px, 40 on a touch screen), narrow: numbers of two or three digits.
          px={12}
          miw={40}
          variant={size === props.value ? 'filled' : 'default'}
          aria-pressed={size === props.value}
          onClick={() => props.onChange(size)}
        >
          {size}
        </Button>
      ))}
    </Group>
  );
}
