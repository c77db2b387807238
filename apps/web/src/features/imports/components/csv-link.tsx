import { useEffect, useMemo } from 'react';
import { Anchor } from '@mantine/core';

/** A link that saves a CSV made in the browser (the report of failed rows, a template). */
export function CsvLink({ csv, fileName, children }: { csv: string; fileName: string; children: string }) {
  const href = useMemo(() => URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' })), [csv]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <Anchor href={href} download={fileName} className="touch-link">
      {children}
    </Anchor>
  );
}
