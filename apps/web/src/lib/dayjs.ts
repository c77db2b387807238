import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { companyWallClock } from './company-time';

dayjs.extend(customParseFormat);
dayjs.locale('pl');

export { dayjs };

/** Tables show dates as YYYY-MM-DD: the first ten characters of what the server sends. */
export const formatDate = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');
/** A moment (log entry, note, upload) as 'YYYY-MM-DD HH:mm:ss' on the company's clock. */
export const formatDateTime = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : companyWallClock(value);
/** The company's calendar day of a moment, 'YYYY-MM-DD'. */
export const formatMomentDate = (value: string | number | null | undefined) =>
  formatDateTime(value).slice(0, 10);
