import { useRef } from 'react';
import { Text, Tooltip } from '@mantine/core';
import { FAULT_DESCRIPTION_CUT, cutWithEllipsis } from '@serwis/domain';

/**
 * A long text in a table cell (a fault description, a part's description): spec §2 cuts fault
 * descriptions at 80 characters, and the tooltip shows all of it. On a touch screen a tap on the cut
 * text shows the tooltip and does not also open the row (a technician could not read the whole
 * description from the list); a mouse click still opens it. Only a word longer than the column is
 * broken.
 */
export function LongTextCell({ text }: { text: string }) {
  const touched = useRef(false);
  const { short, cut } = cutWithEllipsis(text, FAULT_DESCRIPTION_CUT);
  if (!cut)
    return (
      <Text size="sm" style={{ overflowWrap: 'break-word' }}>
        {short}
      </Text>
    );
  return (
    <Tooltip label={text} multiline w={360} withinPortal events={{ hover: true, focus: true, touch: true }}>
      <Text
        size="sm"
        tabIndex={0}
        style={{ cursor: 'help', overflowWrap: 'break-word' }}
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
