import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  PAYMENT_TYPES,
  PROTOCOL_PDF_LABELS,
  SERVICE_TYPES,
  inspectionPeriodText,
  type ProtocolData,
  type ProtocolHeader,
} from '@serwis/domain';
import { TimeField } from '../../../components/time-field';
import { paths } from '../../../config/paths';
import { MaterialsEditor } from './materials-editor';

const label = (list: readonly { name: string; label: string }[], name: string) =>
  list.find((i) => i.name === name)?.label ?? name;

/** The event as the protocol's header shows it. */
export function ProtocolHeaderPanel({ header }: { header: ProtocolHeader }) {
  const period = inspectionPeriodText(header);
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Info name="Numer" value={header.fullNumber} />
        <Info name="Data" value={header.date} />
        {/* The customer and each machine open their cards (the protocol names them as signed). */}
        <Info
          name="Klient"
          value={
            <>
              <Anchor component={Link} to={paths.customerCard(header.customer.id)} inherit>
                {header.customer.fullName || header.customer.shortName}
              </Anchor>
              {header.customer.address && `, ${header.customer.address}`}
            </>
          }
        />
        <Info
          name="Maszyny"
          value={header.machines.map((m, index) => (
            <Fragment key={m.id}>
              {index > 0 && '; '}
              <Anchor component={Link} to={paths.machineEdit({ id: m.id })} inherit>
                {m.name}
              </Anchor>
              {m.serialNumber && ` (nr ser. ${m.serialNumber})`}
            </Fragment>
          ))}
        />
        <Info name="Rodzaj serwisu" value={header.types.map((t) => label(SERVICE_TYPES, t)).join(', ')} />
        {period !== null && <Info name={PROTOCOL_PDF_LABELS.inspectionPeriod} value={period} />}
        <Info name="Płatność" value={label(PAYMENT_TYPES, header.paymentType)} />
        <Info name="Opis usterki" value={header.faultDescription || '—'} />
        <Info name="Serwisant" value={header.employee} />
      </SimpleGrid>
    </Paper>
  );
}

type Setter = <K extends keyof ProtocolData>(key: K, value: ProtocolData[K]) => void;

/** Work done, materials, times, kilometres, nights and recommendations. */
export function WorkPanel({ data, readOnly, set }: { data: ProtocolData; readOnly: boolean; set: Setter }) {
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>Wykonane prace</Title>
        <Textarea
          label="Opis wykonanych prac"
          autosize
          minRows={3}
          readOnly={readOnly}
          value={data.workDone}
          onChange={(e) => set('workDone', e.currentTarget.value)}
        />
        <Title order={4}>Materiały i części</Title>
        <MaterialsEditor
          materials={data.materials}
          readOnly={readOnly}
          onChange={(m) => set('materials', m)}
        />
        <Title order={4}>Czas pracy i dojazd</Title>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
          <TimeField
            label="Przyjazd"
            readOnly={readOnly}
            value={data.arrivalTime}
            onTimeChange={(value) => set('arrivalTime', value)}
          />
          <TimeField
            label="Rozpoczęcie"
            readOnly={readOnly}
            value={data.startTime}
            onTimeChange={(value) => set('startTime', value)}
          />
          <TimeField
            label="Zakończenie"
            readOnly={readOnly}
            value={data.endTime}
            onTimeChange={(value) => set('endTime', value)}
          />
          <NumberInput
            label="Kilometry"
            min={0}
            max={100000}
            // A Polish decimal comma, as the printout writes it; a typed dot becomes one too.
            decimalSeparator=","
            allowedDecimalSeparators={[',', '.']}
            suffix=" km"
            readOnly={readOnly}
            value={data.kilometers ?? ''}
            onChange={(v) => set('kilometers', v === '' ? null : Number(v))}
          />
          <NumberInput
            label="Noclegi"
            min={0}
            max={365}
            allowDecimal={false}
            readOnly={readOnly}
            value={data.nights ?? ''}
            onChange={(v) => set('nights', v === '' ? null : Number(v))}
          />
        </SimpleGrid>
        <Textarea
          label="Zalecenia dla klienta"
          autosize
          minRows={2}
          readOnly={readOnly}
          value={data.recommendations}
          onChange={(e) => set('recommendations', e.currentTarget.value)}
        />
      </Stack>
    </Paper>
  );
}

function Info({ name, value }: { name: string; value: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text fw={600} w={130} style={{ flexShrink: 0 }}>
        {name}
      </Text>
      {/* A long unbroken word (a part number, a link) breaks, rather than widening the page. */}
      <Text miw={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value}
      </Text>
    </Group>
  );
}
