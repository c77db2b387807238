/** The height of the application's top bar, in px; what is drawn at the top of the screen starts below it. */
export const HEADER_HEIGHT = 60;

/** The height of the application's footer, in px. */
export const FOOTER_HEIGHT = 40;
