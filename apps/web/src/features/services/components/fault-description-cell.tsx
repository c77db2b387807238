import { useRef } from 'react';
import { Text, Tooltip } from '@mantine/core';
import { truncateText } from '../service-display';

/**
 * Spec §2: long fault descriptions are cut at 80 characters; the tooltip shows all of it. On a
 * touch screen a tap on the cut text shows the tooltip and does not also open the row (a
 * technician could not read the whole description from the list); a mouse click still opens it.
 */
export function FaultDescriptionCell({ text }: { text: string }) {
  const touched = useRef(false);
  const { short, cut } = truncateText(text);
  if (!cut) return <Text size="sm">{short}</Text>;
  return (
    <Tooltip label={text} multiline w={360} withinPortal events={{ hover: true, focus: true, touch: true }}>
      <Text
        size="sm"
        tabIndex={0}
        style={{ cursor: 'help' }}
        onTouchStart={() => {
          touched.current = true;
        }}
        onClick={(event) => {
          if (touched.current) event.stopPropagation();
          touched.current = false;
        }}
      >
        {short}
      </Text>
    </Tooltip>
  );
}
