/** The widest the page content gets, in px (spec §2, top bar). */
export const LAYOUT_MAX_WIDTH = 1200;
