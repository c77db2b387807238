import { createTheme } from '@mantine/core';
import { keepEnterInOpenList, rankedOptionsFilter } from '../components/options-filter';

/** Polish names for the date pickers' icon-only arrows and level switches. */
const calendarAriaLabels = {
  monthLevelControl: 'Wybierz miesiąc',
  yearLevelControl: 'Wybierz rok',
  nextMonth: 'Następny miesiąc',
  previousMonth: 'Poprzedni miesiąc',
  nextYear: 'Następny rok',
  previousYear: 'Poprzedni rok',
  nextDecade: 'Następna dekada',
  previousDecade: 'Poprzednia dekada',
};
const datePickerDefaults = { defaultProps: { ariaLabels: calendarAriaLabels } };
/** Date fields: also their × that empties the field, named for screen readers. */
const dateInputDefaults = {
  defaultProps: {
    ...datePickerDefaults.defaultProps,
    clearButtonProps: { 'aria-label': 'Wyczyść datę' },
  },
};

/** Lists searched by typing: the best matches first, and Enter never sends the form from an open list. */
const typedSearch = { filter: rankedOptionsFilter, onKeyDown: keepEnterInOpenList };

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons and badges in shade 8, with white or black text, whichever reads (WCAG AA): white
  // on the default shade 6 blue is 3.6:1. Coloured text: readable-colors.ts.
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.19,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Touch screens raise these sizes to 40 px (touch.css).
    Button: { defaultProps: { size: 'sm' } },
    // States and statuses read as spec §3 spells them ("W naprawie", "Do wykonania"), not in capitals.
    Badge: { styles: { root: { textTransform: 'none' } } },
    ActionIcon: { defaultProps: { size: 40, variant: 'subtle' } },
    DatePicker: datePickerDefaults,
    DatePickerInput: dateInputDefaults,
    DateInput: dateInputDefaults,
    DateTimePicker: dateInputDefaults,
    MonthPickerInput: dateInputDefaults,
    Calendar: datePickerDefaults,
    // The icon-only close buttons, named for screen readers and for tests that look for them. A
    // window closes by its buttons, its ✕ or Escape, never by a stray tap beside it: a form's window
    // closed so took what was typed in it (a tablet's edge, a click to leave a field).
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Zamknij okno' }, closeOnClickOutside: false },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Zamknij menu' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Zamknij komunikat' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Zamknij powiadomienie' } } },
    // Without Mantine's focus placeholder: an element of no role inside a menu, which a screen reader
    // cannot tell from an item (axe: aria-required-children). The arrow keys still reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // The × that empties a chosen file has no name of its own (a bare "button: img").
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Usuń wybrany plik' } } },
    // Enter never saves the form from an open list (a clerk's "Województwo" + Enter saved the
    // customer half-typed). A select highlights its first match as it is typed, and Enter takes it. A multi-select does
    // not: after a pick it highlighted the next, and a second Enter (to run the search) added it.
    Select: { defaultProps: { ...typedSearch, selectFirstOptionOnChange: true } },
    MultiSelect: { defaultProps: typedSearch },
    // Mantine names it in English.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Pokaż lub ukryj hasło' } },
    },
  },
});
