import { lazy } from 'react';
import { Tabs } from '@mantine/core';
import { LazyPanel } from '../../../components/lazy-panel';
import { PageHeader } from '../../../components/page-header';
import { SideTabs } from '../../../components/side-tabs';
import { paths } from '../../../config/paths';
import { UserDataTab } from '../components/user-data-tab';
import { AccountManagementTab } from '../components/account-management-tab';
import { VacationTab } from '../components/vacation-tab';
import { CompanyDataTab } from '../components/company-data-tab';
import { InstallationOperationsTab } from '../components/installation-operations-tab';
import { NotificationsTab } from '../../reminders/components/notifications-tab';
import { useCurrentUser } from '../../auth/api/session';
import { useTabInUrl } from '../../../lib/use-tab-in-url';
import { leaveAfterAsking } from '../../../lib/unsaved-changes';

// The branch map (Leaflet) loads only when its tab is opened.
const BranchesTab = lazy(async () => ({
  default: (await import('../../places/components/branches-tab')).BranchesTab,
}));

export function MyAccountPage() {
  const user = useCurrentUser();
  const tabs = ['data', 'account', 'vacation', 'notifications', 'company'];
  if (user.isAdmin) tabs.push('installation', 'branches');
  const [tab, selectTab] = useTabInUrl(tabs, 'data');
  return (
    <>
      <PageHeader title="Moje konto" backTo={paths.home} />
      {/* Each tab's form goes with its tab (keepMounted={false}): one with changes asks first. */}
      <SideTabs
        value={tab}
        onChange={(next) => leaveAfterAsking(() => selectTab(next))}
        variant="pills"
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="data">Dane użytkownika</Tabs.Tab>
          <Tabs.Tab value="account">Zarządzanie kontem</Tabs.Tab>
          <Tabs.Tab value="vacation">Urlopy</Tabs.Tab>
          <Tabs.Tab value="notifications">Powiadomienia</Tabs.Tab>
          <Tabs.Tab value="company">Dane firmy</Tabs.Tab>
          {user.isAdmin && <Tabs.Tab value="installation">Protokół montażu</Tabs.Tab>}
          {user.isAdmin && <Tabs.Tab value="branches">Oddziały</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="data">
          <UserDataTab />
        </Tabs.Panel>
        <Tabs.Panel value="account">
          <AccountManagementTab />
        </Tabs.Panel>
        <Tabs.Panel value="vacation">
          <VacationTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="company">
          <CompanyDataTab />
        </Tabs.Panel>
        {user.isAdmin && (
          <Tabs.Panel value="installation">
            <InstallationOperationsTab />
          </Tabs.Panel>
        )}
        {user.isAdmin && (
          <Tabs.Panel value="branches">
            <LazyPanel>
              <BranchesTab />
            </LazyPanel>
          </Tabs.Panel>
        )}
      </SideTabs>
    </>
  );
}
