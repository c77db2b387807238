import { Tabs } from '@mantine/core';
import { SideTabs } from '../../../components/side-tabs';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatistics } from '../components/service-statistics';

/** /statistics (admin): one vertical tab per kind of statistics; today only service events. */
export function StatisticsPage() {
  return (
    <>
      <PageHeader title="Statystyki" backTo={paths.home} />
      <SideTabs defaultValue="services" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="services" mih={40}>
            Zdarzenia serwisowe
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="services">
          <ServiceStatistics />
        </Tabs.Panel>
      </SideTabs>
    </>
  );
}
