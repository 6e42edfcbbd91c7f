import { FIRST_RENDER_ROWS } from './hooks/use-rows-after-first-paint';
import { firstRenderRowsOfCards } from './first-screen-rows';

describe('firstRenderRowsOfCards', () => {
  it('gives the first screen to the first card when it fills it', () => {
    expect(firstRenderRowsOfCards([100, 100, 100, 100], 900)).toEqual([17, 0, 0, 0]);
  });

  it('gives the cards below a short card what is left of the screen', () => {
    expect(firstRenderRowsOfCards([2, 100, 100, 100], 900)).toEqual([2, 12, 0, 0]);
    expect(firstRenderRowsOfCards([0, 0, 5, 100], 900)).toEqual([0, 0, 5, 3]);
  });

  it('counts a card whose rows are not known yet as empty, leaving more to those below', () => {
    expect(firstRenderRowsOfCards([0, 0, 0, 0], 900)).toEqual([0, 0, 0, 0]);
    expect(firstRenderRowsOfCards([0, 100], 900)).toEqual([0, 14]);
  });

  it('never shows more than FIRST_RENDER_ROWS at first, however tall the window', () => {
    expect(firstRenderRowsOfCards([100, 100], 4_000)).toEqual([
      FIRST_RENDER_ROWS,
      FIRST_RENDER_ROWS,
    ]);
  });
});
