import { Text, Tooltip } from '@mantine/core';
import { truncateText } from '../service-display';

/** Spec §2: long fault descriptions are cut at 80 characters; the tooltip shows all of it. */
export function FaultDescriptionCell({ text }: { text: string }) {
  const { short, cut } = truncateText(text);
  if (!cut) return <Text size="sm">{short}</Text>;
  return (
    <Tooltip label={text} multiline w={360} withinPortal events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" tabIndex={0} style={{ cursor: 'help' }}>
        {short}
      </Text>
    </Tooltip>
  );
}
