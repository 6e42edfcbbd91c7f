/** The widest the page content gets, in px (the top bar's too). */
export const LAYOUT_MAX_WIDTH = 1200;
