/** The filters of the machine card's "Zdarzenia" tab. */
export interface IncidentFilters {
  showService: boolean;
  /** 'YYYY-MM-DD' picked as the first day, or null. */
  from: string | null;
  /** 'YYYY-MM-DD' picked as the last day, or null. */
  to: string | null;
}

export const EMPTY_INCIDENT_FILTERS: IncidentFilters = { showService: false, from: null, to: null };

/**
 * The query of `GET /api/incident/findByParameters`. The range covers whole days: the start of the
 * from-day and the last microsecond of the to-day (spec §5); an empty bound is sent empty.
 */
export function incidentQuery(deviceId: number, text: string, filters: IncidentFilters) {
  return {
    deviceId,
    text: text.trim(),
    showService: filters.showService ? 'true' : 'false',
    dateFrom: filters.from ? `${filters.from.slice(0, 10)}T00:00:00` : '',
    dateTo: filters.to ? `${filters.to.slice(0, 10)}T23:59:59.999999` : '',
  };
}

/** 'YYYY-MM-DD' and 'HH:mm' of the modal joined as the API wants the incident's date. */
export const joinDateTime = (date: string, time: string) => `${date.slice(0, 10)}T${time || '00:00'}:00`;

/** The modal's date and time fields from an incident's 'YYYY-MM-DDTHH:mm:ss'. */
export function splitDateTime(value: string): { date: string; time: string } {
  return { date: value.slice(0, 10), time: value.length >= 16 ? value.slice(11, 16) : '00:00' };
}
