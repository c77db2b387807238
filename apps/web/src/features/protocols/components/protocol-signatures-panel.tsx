import { Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { ProtocolData } from '@serwis/domain';
import { SignatureField } from './signature-field';
import type { SetProtocolField } from './use-protocol-fields';

/** The technician's and the customer's signatures, and the name of who signed for the customer. */
export function ProtocolSignaturesPanel(props: {
  data: ProtocolData;
  readOnly: boolean;
  signed: boolean;
  set: SetProtocolField;
}) {
  const { data, readOnly, set } = props;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>Podpisy</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SignatureField
            label="Podpis serwisanta"
            value={data.technicianSignature}
            readOnly={readOnly || props.signed}
            onChange={(v) => set('technicianSignature', v)}
          />
          <Stack gap="xs">
            <SignatureField
              label="Podpis klienta"
              value={data.customerSignature}
              readOnly={readOnly || props.signed}
              onChange={(v) => set('customerSignature', v)}
            />
            {/* Signed: the name is the signature's, as the customer gave both (a correction keeps it). */}
            <TextInput
              label="Imię i nazwisko podpisującego (klient)"
              readOnly={readOnly || props.signed}
              // Read-only looks so, as the signature pads beside it do.
              variant={readOnly || props.signed ? 'filled' : 'default'}
              value={data.customerSignerName}
              onChange={(e) => set('customerSignerName', e.currentTarget.value)}
            />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
