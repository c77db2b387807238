import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { protocolPdfFileName, signedOutsideApp } from '@serwis/domain';
import type { PreviewableFile } from '../../../components/file-preview';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import type { LoadedProtocol } from '../api/protocols';

/** The protocol's title and number, and its PDF (to print for a scan before it is signed). */
export function ProtocolTitleBar(props: {
  protocol: LoadedProtocol;
  backTo: string;
  onPreview: (file: PreviewableFile) => void;
}) {
  const { protocol } = props;
  const { header } = protocol;
  // The server's title, as the PDF prints it (an installation's is configurable). A copy kept on the
  // device before answers carried it has none: the number alone then.
  const title = [protocol.title, header.fullNumber].filter(Boolean).join(' ');
  const pdf = {
    filename: protocolPdfFileName(header.fullNumber, header.serviceId),
    url: paths.protocolPdf(header.serviceId),
  };
  return (
    <PageHeader
      title={title}
      backTo={props.backTo}
      actions={
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={18} />}
          onClick={() => props.onPreview(pdf)}
        >
          {protocol.signed && !signedOutsideApp(protocol) ? 'PDF protokołu' : 'Drukuj do skanu (PDF)'}
        </Button>
      }
    />
  );
}
