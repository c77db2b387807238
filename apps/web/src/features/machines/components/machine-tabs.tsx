import { lazy, useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '@mantine/core';
import { FILE_TYPE_TABS } from '@serwis/domain';
import { FilesTab } from './tabs/files-tab';
import { IncidentTab } from './tabs/incident-tab';
import { NameplatesTab } from './tabs/nameplates-tab';
import { NotesTab } from './tabs/notes-tab';
import { PartsTab } from './tabs/parts-tab';
import { PeriodicInspectionTab } from './tabs/periodic-inspection-tab';
import { ServiceTab } from './tabs/service-tab';
import { LazyPanel } from '../../../components/lazy-panel';
import { useTabInUrl } from '../../../lib/use-tab-in-url';
import { TabChangesContext } from '../../../lib/tab-changes';
import { closeAfterAsking } from '../../../lib/unsaved-changes';

// Leaflet is heavy: the map tabs load their code only when opened (spec §2).
const LocationTab = lazy(async () => ({
  default: (await import('../../places/components/location-tab')).LocationTab,
}));
const HotelsTab = lazy(async () => ({
  default: (await import('../../places/components/hotels-tab')).HotelsTab,
}));
const lazyTab = (tab: ReactNode) => <LazyPanel>{tab}</LazyPanel>;

interface MachineTab {
  /** The `activeTab` query value (spec §2 names). */
  value: string;
  label: string;
  render: (deviceId: number) => ReactNode;
}

/** The machine card's tabs in display order; a later tab is one more entry here. */
export const MACHINE_TABS: MachineTab[] = [
  {
    value: 'nameplates',
    label: FILE_TYPE_TABS.MACHINE_NAMEPLATE,
    render: (id) => <NameplatesTab deviceId={id} />,
  },
  { value: 'notes', label: 'Notatki', render: (id) => <NotesTab deviceId={id} /> },
  {
    value: 'files',
    label: FILE_TYPE_TABS.MACHINE_FILE,
    render: (id) => <FilesTab deviceId={id} fileType="MACHINE_FILE" />,
  },
  {
    value: 'parameters',
    label: FILE_TYPE_TABS.MACHINE_PARAMETER,
    render: (id) => <FilesTab deviceId={id} fileType="MACHINE_PARAMETER" />,
  },
  { value: 'equipments', label: 'Części', render: (id) => <PartsTab deviceId={id} /> },
  { value: 'incident', label: 'Zdarzenia', render: (id) => <IncidentTab deviceId={id} /> },
  { value: 'service', label: 'Serwis', render: (id) => <ServiceTab deviceId={id} /> },
  {
    value: 'periodicInspection',
    label: 'Przeglądy',
    render: (id) => <PeriodicInspectionTab deviceId={id} />,
  },
  // Spelt as spec §2 spells it; a link with any letter case opens it (`activeTab=map` too).
  { value: 'Map', label: 'Lokalizacja', render: (id) => lazyTab(<LocationTab deviceId={id} />) },
  { value: 'hotels', label: 'Hotele', render: (id) => lazyTab(<HotelsTab deviceId={id} />) },
];

export const DEFAULT_MACHINE_TAB = 'nameplates';

/**
 * The tab follows the URL's `activeTab` (lib/use-tab-in-url.ts), so a link can open the card on a
 * tab and the browser's back button leaves the card instead of stepping through tabs. Only the open
 * panel is mounted, so maps and lists load when their tab is chosen. A link that
 * names a tab brings the tabs into view when the card opens with them below the screen's edge (a
 * tablet held upright shows the whole form first, a screen above the tab the user came for).
 */
export function MachineTabs({ deviceId }: { deviceId: number }) {
  const [params] = useSearchParams();
  const requested = params.get('activeTab');
  const [active, select] = useTabInUrl(
    MACHINE_TABS.map((tab) => tab.value),
    DEFAULT_MACHINE_TAB,
  );
  const tabs = useRef<HTMLDivElement>(null);
  const askedFor = useRef(requested);
  // The open tab's own changes not saved (lib/tab-changes.ts): another tab is chosen after asking.
  const tabChanges = useRef(false);
  const choose = (tab: string | null) => closeAfterAsking(tabChanges.current, () => select(tab));
  useEffect(() => {
    if (!askedFor.current) return;
    // The card's parts above may still grow as they load: brought into view again then, unless
    // the user has scrolled meanwhile.
    let scrolledTo: number | undefined;
    const bring = () => {
      const element = tabs.current;
      if (!element) return;
      if (scrolledTo !== undefined && Math.abs(window.scrollY - scrolledTo) > 2) return;
      const top = element.getBoundingClientRect().top;
      const below = top > window.innerHeight * 0.75;
      const movedAway = scrolledTo !== undefined && Math.abs(top) > 2;
      if (!below && !movedAway) return;
      element.scrollIntoView({ block: 'start' });
      scrolledTo = window.scrollY;
    };
    bring();
    const timers = [500, 1500].map((ms) => window.setTimeout(bring, ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, []);
  return (
    <TabChangesContext.Provider value={tabChanges}>
      <Tabs ref={tabs} value={active} onChange={choose} keepMounted={false}>
        <Tabs.List>
          {MACHINE_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} mih={40}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {MACHINE_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {tab.render(deviceId)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </TabChangesContext.Provider>
  );
}
