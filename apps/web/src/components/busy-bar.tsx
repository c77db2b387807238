import { Progress, type ProgressRootProps } from '@mantine/core';

/**
 * A moving bar for work whose share done is not known (a list being read again, a file on its
 * way): a progress bar without a value, which says what it waits for, where a full bar with
 * Mantine's aria values read "100%" to a screen reader.
 */
export function BusyBar({ label, text, ...root }: { label: string; text: string } & ProgressRootProps) {
  return (
    <Progress.Root {...root}>
      <Progress.Section
        value={100}
        animated
        striped
        withAria={false}
        role="progressbar"
        aria-label={label}
        aria-valuetext={text}
      />
    </Progress.Root>
  );
}
