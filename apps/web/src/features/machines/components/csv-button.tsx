import { MACHINE_CSV_FILE_NAMES } from '@serwis/domain';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { fetchMachineCsv } from '../api/machines';
import type { MachineFamily } from '../family';
import { toFilterBody, type MachineFilters } from '../machine-filters';

/**
 * "Pobierz CSV": every row matching the filters, search and sort, saved as maszyny.csv (the
 * third-party list's as maszyny-zewnetrzne.csv).
 */
export function CsvButton(props: {
  family: MachineFamily;
  /** The filters typed; null when the panel refused them (nothing is asked for). */
  filters: () => MachineFilters | null;
  sort?: string;
  q?: string;
}) {
  return (
    <CsvDownloadButton
      fileName={MACHINE_CSV_FILE_NAMES[props.family]}
      load={() => {
        const filters = props.filters();
        return (
          filters && fetchMachineCsv(props.family, toFilterBody(filters), { sort: props.sort, q: props.q })
        );
      }}
    />
  );
}
