import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DASHBOARD_UPCOMING_DAYS,
  MSG,
  dueInText,
  monthOf,
  polishCount,
  polishDays,
  type Dashboard as DashboardData,
} from '@serwis/domain';
import { ServiceStateBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDashboard } from '../api/dashboard';

type DueMachine = DashboardData['upcoming']['nearest'][number];

function Figure({
  label,
  value,
  to,
  children,
}: {
  label: string;
  value: number;
  to?: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {to ? (
          // Named with its label: a screen reader's list of links said "12", "3", "40" alone.
          <Anchor
            component={Link}
            to={to}
            fz={28}
            fw={700}
            data-testid="figure"
            className="touch-link"
            aria-label={`${label}: ${polishCount(value)}`}
          >
            {polishCount(value)}
          </Anchor>
        ) : (
          <Text fz={28} fw={700} data-testid="figure">
            {polishCount(value)}
          </Text>
        )}
      </Group>
      {children && (
        <Stack gap={4} mt="xs">
          {children}
        </Stack>
      )}
    </Card>
  );
}

/**
 * A figure's line that opens its record: a finger's height on a touch screen (touch-link), up to two
 * lines of text. It takes the line's room first; the date or state beside it goes under it when
 * there is not enough (a phone cut the names to "Tokarka…", "Centrum…").
 */
function LineLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      className="touch-link"
      miw={0}
      style={{ flex: '1 1 12rem', justifyContent: 'flex-start' }}
    >
      <Text span inherit lineClamp={2}>
        {children}
      </Text>
    </Anchor>
  );
}

function MachineLines({ machines }: { machines: DueMachine[] }) {
  return machines.map((m) => (
    <Group key={m.id} justify="space-between" gap="xs" wrap="wrap">
      <LineLink to={paths.machineEdit({ id: m.id, prev: 'home' })}>
        {m.name} {m.serialNumber && `(${m.serialNumber})`} – {m.customerShortName}
      </LineLink>
      <Text size="sm" c={m.daysLeft < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {m.nextInspection} · {dueInText(m.daysLeft)}
      </Text>
    </Group>
  ));
}

/**
 * The statistics of the month of `today` (the server's day, in the company's time zone), which the
 * month's figures count: the screen opens showing the same numbers.
 */
const statisticsOfMonth = (today: string) => {
  const { first, last } = monthOf(today);
  return `${paths.statistics}?${new URLSearchParams({ dateFrom: first, dateTo: last })}`;
};

/** Under the home tiles: what needs attention, from one call (GET /api/dashboard). */
export function Dashboard() {
  const dashboard = useDashboard();
  if (dashboard.isError) return <Text c="red">{errorMessage(dashboard.error)}</Text>;
  const data = dashboard.data;
  if (!data) return <Text c="dimmed">{MSG.loading}</Text>;
  return (
    <Stack mt="xl" gap="md" aria-label="Pulpit">
      <Title order={3}>Pulpit</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Figure label="Zaległe przeglądy" value={data.overdue.count} to={paths.machinePeriodicInspection}>
          <MachineLines machines={data.overdue.nearest} />
        </Figure>
        <Figure
          label={`Przeglądy w ciągu ${DASHBOARD_UPCOMING_DAYS} dni`}
          value={data.upcoming.count}
          to={paths.machinePeriodicInspection}
        >
          <MachineLines machines={data.upcoming.nearest} />
        </Figure>
        <Figure label="Protokoły czekające na podpis lub skan" value={data.waitingProtocols.count}>
          {/*
           * What each protocol waits for is the card's title; its line shows its state as every
           * screen does (the badge), kept whole beside a customer's name cut to one line.
           */}
          {data.waitingProtocols.oldest.map((p) => (
            <Group key={p.id} justify="space-between" gap="xs" wrap="wrap">
              {/*
               * Each opens its protocol. The figure itself links nowhere: it counts both families'
               * protocols, and no list shows only those waiting (the service list held the own
               * machines' 7,716 events for a figure of 409).
               */}
              <LineLink to={paths.serviceProtocol(p.id, paths.home)}>
                {p.number} – {p.customerShortName}
              </LineLink>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                <ServiceStateBadge state={p.state} />
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {polishDays(p.ageDays)}
                </Text>
              </Group>
            </Group>
          ))}
        </Figure>
        <SimpleGrid cols={2}>
          <Figure label="Otwarte zadania" value={data.openTodos} to={paths.machineTodo} />
          <Figure label="Incydenty z 7 dni" value={data.incidentsLast7Days} />
          {data.month && (
            <>
              <Figure
                label="Protokoły wystawione w tym miesiącu"
                value={data.month.issued}
                to={statisticsOfMonth(data.today)}
              />
              <Figure
                label="Protokoły podpisane w tym miesiącu"
                value={data.month.signed}
                to={statisticsOfMonth(data.today)}
              />
            </>
          )}
        </SimpleGrid>
      </SimpleGrid>
    </Stack>
  );
}
