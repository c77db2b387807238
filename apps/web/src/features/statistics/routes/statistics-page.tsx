import { Tabs } from '@mantine/core';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatistics } from '../components/service-statistics';

/** /statistics (admin): one vertical tab per kind of statistics; today only service events. */
export function StatisticsPage() {
  return (
    <>
      <PageHeader title="Statystyki" backTo={paths.home} />
      <Tabs defaultValue="services" orientation="vertical" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="services" mih={40}>
            Zdarzenia serwisowe
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="services" pl="md">
          <ServiceStatistics />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
