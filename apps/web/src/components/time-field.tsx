import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { MSG } from '@serwis/domain';
import { isIncompleteTime } from '../lib/incomplete-time';

/**
 * A time of day typed into the browser's own field ("gg:mm"). A time left half typed gives the
 * field no value, as if it were empty; it says so under the field once the user leaves it, rather
 * than let the empty time be saved unseen.
 */
export function TimeField({
  value,
  onTimeChange,
  ...props
}: Omit<TextInputProps, 'type' | 'value' | 'onChange'> & {
  value: string;
  onTimeChange: (value: string) => void;
}) {
  const [incomplete, setIncomplete] = useState(false);
  return (
    <TextInput
      {...props}
      type="time"
      value={value}
      error={incomplete ? MSG.timeIncomplete : props.error}
      onChange={(event) => {
        if (!isIncompleteTime(event.currentTarget)) setIncomplete(false);
        onTimeChange(event.currentTarget.value);
      }}
      onBlur={(event) => {
        setIncomplete(isIncompleteTime(event.currentTarget));
        props.onBlur?.(event);
      }}
    />
  );
}
