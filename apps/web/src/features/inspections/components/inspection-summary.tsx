import { Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MSG,
  dueInText,
  inspectionNotice,
  warrantyNotice,
  type InspectionNoticeTone,
  type PeriodicInspectionSummary,
} from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { useSwitchInspections } from '../api/inspections';

const TONE_COLOR: Record<InspectionNoticeTone, string | undefined> = {
  danger: 'red',
  success: 'green',
  info: undefined,
  neutral: 'dimmed',
};

function Fact({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value === null || value === '' ? '—' : value}</Text>
    </div>
  );
}

/** The machine's inspection state in words (spec §4) and the switch that turns inspections on or off. */
export function InspectionSummary({ summary }: { summary: PeriodicInspectionSummary }) {
  const { device } = summary;
  const toggle = useSwitchInspections(device.id);
  const notice = inspectionNotice({
    ...summary,
    warrantyLength: device.warrantyLength,
    inspectionsEnabled: device.isPeriodicInspectionEnabled,
  });
  const warranty = warrantyNotice({ ...summary, warrantyLength: device.warrantyLength });
  // "No warranty" said once is enough.
  const showWarranty = warranty !== null && !(warranty.kind === 'noWarranty' && notice.kind === 'noWarranty');

  return (
    <Paper withBorder p="md" mb="md">
      <Stack gap="sm">
        <Text
          fw={notice.tone === 'danger' || notice.tone === 'success' ? 700 : 500}
          c={TONE_COLOR[notice.tone]}
          data-testid="inspection-notice"
          data-tone={notice.tone}
        >
          {notice.text}
        </Text>
        {showWarranty && (
          <Text
            size="sm"
            c={TONE_COLOR[warranty.tone]}
            data-testid="warranty-notice"
            data-tone={warranty.tone}
          >
            {warranty.text}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label="Data przekazania" value={device.transferDate} />
          <Fact label="Ostatni przegląd" value={summary.lastInspection} />
          {/* With how far it is: the notice above says it only while the warranty's inspections last. */}
          <Fact
            label="Następny przegląd"
            value={
              summary.nextInspection && summary.daysToNextInspection !== null
                ? `${summary.nextInspection} (${dueInText(summary.daysToNextInspection)})`
                : summary.nextInspection
            }
          />
          <Fact label="Koniec gwarancji" value={summary.warrantyEnd} />
        </SimpleGrid>
        <ErrorBanner
          message={toggle.isError ? errorMessage(toggle.error, { 403: MSG.forbidden }) : null}
          onClose={() => toggle.reset()}
        />
        <Group>
          <Switch
            label="Przeglądy okresowe"
            onLabel="WŁ"
            offLabel="WYŁ"
            checked={device.isPeriodicInspectionEnabled}
            disabled={toggle.isPending}
            onChange={(event) =>
              toggle.mutate(event.currentTarget.checked, {
                onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
              })
            }
            size="md"
          />
        </Group>
      </Stack>
    </Paper>
  );
}
