import { Fragment, useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';

export interface ResultCountProps {
  /** What the count says ("Rekordów: 12"). */
  text: string;
  /** The question the rows answer (search, page, page size, order): a new one is said again. */
  query: string;
  /** A page on its way: the count of the rows still shown stays, and nothing is said. */
  loading?: boolean;
  /**
   * No count is true now (the rows' load failed): nothing is shown or said, and the region stays,
   * so that the count the rows bring once asked again is heard.
   */
  hidden?: boolean;
}

/**
 * "Rekordów: N" under a table, a polite live region (WCAG 4.1.3): a screen reader says it each time
 * a search, page or order brings its rows, the same number again too ("Brak danych" after a search
 * is heard as "Rekordów: 0"), never while the rows load, nor for the rows the screen opens with
 * (the screen's own name is said then, route-announcer.tsx).
 */
export function ResultCount(props: ResultCountProps) {
  // The count of the last answer shown and the question it answered; a new round is a new text node,
  // which the live region reads out even when the text is the same (another page of as many rows).
  const [said, setSaid] = useState<{ text: string; query: string; round: number } | null>(null);
  if (!props.loading && (said === null || said.text !== props.text || said.query !== props.query))
    setSaid({ text: props.text, query: props.query, round: (said?.round ?? 0) + 1 });
  // Live only once the first rows are shown: their count is not news, later ones are. Set here, not
  // rendered, so that the change from the first count does not reach a region already live.
  const region = useRef<HTMLParagraphElement>(null);
  const shown = said !== null;
  useEffect(() => {
    if (shown) region.current?.setAttribute('aria-live', 'polite');
  }, [shown]);

  return (
    <Text
      ref={region}
      size="sm"
      c="dimmed"
      aria-atomic="true"
      hidden={props.hidden}
      display={props.hidden ? 'none' : undefined}
    >
      <Fragment key={said?.round ?? 0}>{said?.text ?? props.text}</Fragment>
    </Text>
  );
}
