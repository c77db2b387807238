import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);
dayjs.locale('pl');

export { dayjs };

/** Tables show dates as YYYY-MM-DD: the first ten characters of what the server sends. */
export const formatDate = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');
export const formatDateTime = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : dayjs(value).format('YYYY-MM-DD HH:mm:ss');
