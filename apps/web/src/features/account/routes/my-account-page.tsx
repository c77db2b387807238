import { Tabs } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { UserDataTab } from '../components/user-data-tab';
import { AccountManagementTab } from '../components/account-management-tab';
import { VacationTab } from '../components/vacation-tab';
import { NotificationsTab } from '../../reminders/components/notifications-tab';

export function MyAccountPage() {
  return (
    <>
      <PageHeader title="Moje konto" backTo={paths.home} />
      <Tabs orientation="vertical" defaultValue="data" variant="pills" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="data">Dane użytkownika</Tabs.Tab>
          <Tabs.Tab value="account">Zarządzanie kontem</Tabs.Tab>
          <Tabs.Tab value="vacation">Urlopy</Tabs.Tab>
          <Tabs.Tab value="notifications">Powiadomienia</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data" px="md">
          <UserDataTab />
        </Tabs.Panel>
        <Tabs.Panel value="account" px="md">
          <AccountManagementTab />
        </Tabs.Panel>
        <Tabs.Panel value="vacation" px="md">
          <VacationTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" px="md">
          <NotificationsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
