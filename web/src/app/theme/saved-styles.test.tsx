import { act, render, screen } from '@testing-library/react';
jest.unmock('@emotion/cache'); // These tests read colours and font weights.
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import styled from '@emotion/styled';
import { storageKeys } from '../../lib/local-store';
import {
  appEmotionCache,
  currentBuild,
  forgetAppEmotionCacheForTests,
  MAX_SAVED_CSS_LENGTH,
  restoreSavedStyles,
  saveAppStylesIfNew,
  saveStyles,
} from './saved-styles';
import { FIRST_SAVE_AFTER_MS, useSavedStyles } from './use-saved-styles';

const Teal = styled.p({ color: 'rgb(0, 128, 128)' });
const Bold = styled.p({ fontWeight: 700 });

/** The page's entry script, whose address names the build: a build's classic script. */
function givenBuild(entry: string) {
  document.querySelector('script[data-app-entry]')?.remove();
  const script = document.createElement('script');
  script.setAttribute('data-app-entry', '');
  script.setAttribute('src', entry);
  document.head.append(script);
}

function renderWith(cache: EmotionCache, element: React.ReactElement) {
  return render(<CacheProvider value={cache}>{element}</CacheProvider>);
}

/** The style elements emotion inserted rules into (a restored one carries its names too). */
const insertedStyleElements = () => document.querySelectorAll('style[data-emotion="css"]');

/** A visit that rendered `element` and saved its rules; its style elements are gone after it. */
function givenEarlierVisit(element: React.ReactElement): string[] {
  const cache = createCache({ key: 'css' });
  const { unmount } = renderWith(cache, element);
  saveStyles(cache);
  unmount();
  cache.sheet.flush();
  return Object.keys(cache.inserted);
}

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  forgetAppEmotionCacheForTests();
  givenBuild('/assets/index-first.js');
});

describe('saved styles', () => {
  it('puts back the rules the last visit of this build saved, and emotion inserts them no more', () => {
    const names = givenEarlierVisit(<Teal>saved</Teal>);
    expect(names.length).toBeGreaterThan(0);

    const cache = appEmotionCache();
    expect(Object.keys(cache.inserted)).toEqual(names);
    const restored = document.querySelector('style[data-emotion^="css "]');
    expect(restored?.getAttribute('data-emotion')).toBe(['css', ...names].join(' '));

    renderWith(cache, <Teal>again</Teal>);
    expect(insertedStyleElements()).toHaveLength(0);
    expect(getComputedStyle(screen.getByText('again')).color).toBe('rgb(0, 128, 128)');
  });

  it('still inserts the rules of components the last visit did not show', () => {
    givenEarlierVisit(<Teal>saved</Teal>);
    renderWith(appEmotionCache(), <Bold>new</Bold>);
    expect(insertedStyleElements().length).toBeGreaterThan(0);
    expect(getComputedStyle(screen.getByText('new')).fontWeight).toBe('700');
  });

  it("names the build by its entry script: a build's classic one, else the dev server's module", () => {
    const otherModule = document.createElement('script');
    otherModule.type = 'module';
    otherModule.setAttribute('src', '/assets/other.js');
    document.head.prepend(otherModule);
    expect(currentBuild()).toBe('/assets/index-first.js');

    document.head.innerHTML = '';
    const devEntry = document.createElement('script');
    devEntry.type = 'module';
    devEntry.setAttribute('src', '/src/main.tsx');
    document.head.append(devEntry);
    expect(currentBuild()).toBe('/src/main.tsx');
  });

  it('drops the rules of another build', () => {
    givenEarlierVisit(<Teal>saved</Teal>);
    givenBuild('/assets/index-second.js');
    expect(restoreSavedStyles()).toBe(0);
    expect(localStorage.getItem(storageKeys.savedStyles)).toBeNull();
  });

  it('drops a saved value that is not what it saves', () => {
    for (const value of [
      'not json',
      JSON.stringify({ build: '/assets/index-first.js', names: ['a" onload="x'], css: '' }),
      JSON.stringify({ build: '/assets/index-first.js', names: 'abc', css: '' }),
    ]) {
      localStorage.setItem(storageKeys.savedStyles, value);
      expect(restoreSavedStyles()).toBe(0);
      expect(localStorage.getItem(storageKeys.savedStyles)).toBeNull();
    }
    expect(document.querySelector('style')).toBeNull();
  });

  it(`saves nothing over ${MAX_SAVED_CSS_LENGTH.toLocaleString('en-US')} characters`, () => {
    const cache = createCache({ key: 'css' });
    cache.sheet.insert(`.css-big{content:"${'x'.repeat(MAX_SAVED_CSS_LENGTH)}"}`);
    cache.inserted.big = true;
    saveStyles(cache);
    expect(localStorage.getItem(storageKeys.savedStyles)).toBeNull();
  });

  it('saves again only once emotion has inserted rules it had not', () => {
    givenEarlierVisit(<Teal>saved</Teal>);
    const cache = appEmotionCache();
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    renderWith(cache, <Teal>same</Teal>);
    saveAppStylesIfNew();
    expect(setItem).not.toHaveBeenCalled();

    renderWith(cache, <Bold>new</Bold>);
    saveAppStylesIfNew();
    expect(setItem).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
  });
});

describe('useSavedStyles', () => {
  function SavingPage({ children }: { children: React.ReactNode }) {
    useSavedStyles();
    return <CacheProvider value={appEmotionCache()}>{children}</CacheProvider>;
  }
  const savedNames = () =>
    (
      JSON.parse(localStorage.getItem(storageKeys.savedStyles) ?? '{"names":[]}') as {
        names: string[];
      }
    ).names;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves once the page has settled, and again when it is hidden with new rules', async () => {
    const { rerender } = render(
      <SavingPage>
        <Teal>first</Teal>
      </SavingPage>,
    );
    expect(localStorage.getItem(storageKeys.savedStyles)).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(FIRST_SAVE_AFTER_MS));
    const first = savedNames();
    expect(first.length).toBeGreaterThan(0);

    rerender(
      <SavingPage>
        <Teal>first</Teal>
        <Bold>later</Bold>
      </SavingPage>,
    );
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(savedNames().length).toBeGreaterThan(first.length);
  });
});
