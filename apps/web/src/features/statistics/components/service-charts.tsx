import '@mantine/charts/styles.css';
import { useState, type ReactNode } from 'react';
import { BarChart, DonutChart } from '@mantine/charts';
import {
  Box,
  ColorSwatch,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { MSG, PAYMENT_TYPES, SERVICE_TYPES, polishCount, type StatisticsCharts } from '@serwis/domain';
import { chartPeriods } from './chart-periods';

/**
 * The charts are pictures beside their legends and the "Tabela" view, which hold the same numbers:
 * not keyboard stops of no name (Recharts' accessibility layer makes each an unnamed application).
 */
const NOT_A_STOP = {
  // Not hidden: Recharts keeps the donut's drawing focusable for its tooltip, and a hidden stop is
  // worse (axe "aria-hidden-focus"); inside the named picture (role="img") it is not read anyway.
  donut: { pieChartProps: { accessibilityLayer: false } },
  bar: { barChartProps: { accessibilityLayer: false, 'aria-hidden': true } },
};

/**
 * A chart as one picture named by what it shows (its SVG hidden, so that it is not read out as its
 * tick labels, "2016 2017 … 0 500 1000"), pointing to where the figures are read.
 */
function Chart({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="img" aria-label={label}>
      {children}
    </Box>
  );
}

/** Shade 8: each 3:1 at least against the white page (WCAG 1.4.11); teal, orange, cyan and lime 6 were 2–2.8:1. */
const COLORS = ['blue.8', 'teal.8', 'orange.8', 'grape.8', 'red.8', 'cyan.8', 'lime.8', 'gray.8'];
const label = (list: readonly { name: string; label: string }[], name: string) =>
  list.find((t) => t.name === name)?.label ?? name;

interface Share {
  name: string;
  value: number;
  color: string;
}

const shares = (
  rows: StatisticsCharts['serviceTypes'],
  list: readonly { name: string; label: string }[],
): Share[] =>
  rows.map((r, i) => ({ name: label(list, r.type), value: r.count, color: COLORS[i % COLORS.length] }));

const percent = (value: number, all: Share[]) => {
  const total = all.reduce((sum, s) => sum + s.value, 0);
  return total ? `${Math.round((value / total) * 100)}%` : '0%';
};

/** The donut's key: a swatch, the name, the count and the share. */
function ShareLegend({ rows }: { rows: Share[] }) {
  return (
    <Stack gap={4} mt="sm">
      {rows.map((r) => (
        <Group key={r.name} gap="xs" wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${r.color.replace('.', '-')})`} size={12} />
          <Text size="sm">
            {r.name}: {polishCount(r.value)} ({percent(r.value, rows)})
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ShareTable({ caption, rows }: { caption: string; rows: Share[] }) {
  return (
    <Table striped withTableBorder aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{caption}</Table.Th>
          <Table.Th>Liczba</Table.Th>
          <Table.Th>Udział</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name}>
            <Table.Td>{r.name}</Table.Td>
            <Table.Td>{r.value}</Table.Td>
            <Table.Td>{percent(r.value, rows)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The charts of "Zdarzenia serwisowe" for the chosen range, or the same figures as tables.
 * Loaded on its own (React.lazy): the chart library is not part of any other screen.
 */
export function ServiceCharts({ data }: { data: StatisticsCharts }) {
  const [view, setView] = useState('charts');
  const types = shares(data.serviceTypes, SERVICE_TYPES);
  const payments = shares(data.paymentTypes, PAYMENT_TYPES);
  const empty = data.months.length === 0;
  const { unit, bars } = chartPeriods(data.months);
  return (
    <Stack mt="lg">
      <SegmentedControl
        w="fit-content"
        value={view}
        onChange={setView}
        data={[
          { value: 'charts', label: 'Wykresy' },
          { value: 'table', label: 'Tabela' },
        ]}
        aria-label="Widok"
      />
      {empty ? (
        <Text c="dimmed">{MSG.noData}</Text>
      ) : view === 'charts' ? (
        <>
          <Paper
            withBorder
            p="md"
            component="section"
            aria-label={unit === 'year' ? 'Protokoły w latach' : 'Protokoły w miesiącach'}
          >
            <Title order={3} size="h5" mb="sm">
              Protokoły wystawione i podpisane {unit === 'year' ? 'w latach' : 'w miesiącach'}
            </Title>
            <Chart
              label={
                unit === 'year'
                  ? 'Wykres słupkowy: protokoły wystawione i podpisane w latach. Te same dane, po miesiącach: Widok „Tabela”.'
                  : 'Wykres słupkowy: protokoły wystawione i podpisane w miesiącach. Te same dane: Widok „Tabela”.'
              }
            >
              <BarChart
                h={260}
                data={bars}
                dataKey="period"
                withLegend
                {...NOT_A_STOP.bar}
                series={[
                  { name: 'issued', label: 'Wystawione', color: 'blue.8' },
                  { name: 'signed', label: 'Podpisane', color: 'teal.8' },
                ]}
              />
            </Chart>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="md" component="section" aria-label="Rodzaje usług">
              <Title order={3} size="h5" mb="sm">
                Rodzaje usług
              </Title>
              <Group align="center" wrap="nowrap">
                <Chart label="Wykres kołowy: rodzaje usług. Te same dane: legenda obok i Widok „Tabela”.">
                  <DonutChart data={types} withTooltip tooltipDataSource="segment" {...NOT_A_STOP.donut} />
                </Chart>
                <ShareLegend rows={types} />
              </Group>
            </Paper>
            <Paper withBorder p="md" component="section" aria-label="Rodzaje płatności">
              <Title order={3} size="h5" mb="sm">
                Rodzaje płatności
              </Title>
              <Group align="center" wrap="nowrap">
                <Chart label="Wykres kołowy: rodzaje płatności. Te same dane: legenda obok i Widok „Tabela”.">
                  <DonutChart data={payments} withTooltip tooltipDataSource="segment" {...NOT_A_STOP.donut} />
                </Chart>
                <ShareLegend rows={payments} />
              </Group>
            </Paper>
          </SimpleGrid>
        </>
      ) : (
        <>
          <Table striped withTableBorder aria-label="Protokoły w miesiącach">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Miesiąc</Table.Th>
                <Table.Th>Wystawione</Table.Th>
                <Table.Th>Podpisane</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.months.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{m.month}</Table.Td>
                  <Table.Td>{polishCount(m.issued)}</Table.Td>
                  <Table.Td>{polishCount(m.signed)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ShareTable caption="Rodzaj usługi" rows={types} />
            <ShareTable caption="Rodzaj płatności" rows={payments} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
