/**
 * Where a dashboard load's time goes, read from Chromium's performance timeline once the first
 * full render is measured: the document and every script and API request (resource timing: start
 * and end), the app's own marks at the dashboard's React commits
 * (shared/src/constants/dashboard-performance.ts), and the main thread's long animation frames
 * (over 50 ms each, with the scripts that ran in them: module evaluation, event handlers, React's
 * rendering) up to the first full render.
 */
import type { Page } from 'playwright-core';
import { DASHBOARD_PERFORMANCE as P } from '@expiry-radar/shared/constants/dashboard-performance';

export interface TimelineRequest {
  readonly kind: 'document' | 'script' | 'api' | 'other';
  /** Path and query, as requested. */
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

export interface TimelineFrame {
  readonly start: number;
  readonly duration: number;
  /** Time in scripts (compiled and run), by script, longest first. */
  readonly scripts: readonly { readonly source: string; readonly duration: number }[];
  /** Style, layout and paint at the frame's end. */
  readonly render: number;
}

export interface LoadTimeline {
  readonly requests: readonly TimelineRequest[];
  readonly marks: readonly { readonly name: string; readonly time: number }[];
  readonly frames: readonly TimelineFrame[];
  readonly firstRender: number;
}

interface RawTimeline {
  readonly firstRender: number;
  readonly navigation: { name: string; startTime: number; responseEnd: number } | undefined;
  readonly resources: {
    name: string;
    initiatorType: string;
    startTime: number;
    responseEnd: number;
  }[];
  readonly marks: { name: string; startTime: number; detail: unknown }[];
  readonly frames: {
    startTime: number;
    duration: number;
    renderStart: number;
    scripts: { sourceURL: string; invoker: string; duration: number }[];
  }[];
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The timeline of the page's load up to the first full render (measured before this is read). */
export async function readLoadTimeline(page: Page): Promise<LoadTimeline> {
  // Plain entries out of the page (no named helpers in it: tsx would wrap them in `__name`).
  const raw: RawTimeline = await page.evaluate(async (firstRenderMeasure) => {
    const frames = await new Promise<PerformanceEntry[]>((resolve) => {
      const seen: PerformanceEntry[] = [];
      try {
        const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
        observer.observe({ type: 'long-animation-frame', buffered: true });
        setTimeout(() => {
          seen.push(...observer.takeRecords());
          observer.disconnect();
          resolve(seen);
        }, 100);
      } catch {
        resolve([]);
      }
    });
    return JSON.parse(
      JSON.stringify({
        firstRender: performance.getEntriesByName(firstRenderMeasure)[0]?.duration ?? 0,
        navigation: performance.getEntriesByType('navigation')[0],
        resources: performance.getEntriesByType('resource'),
        marks: performance.getEntriesByType('mark'),
        frames,
      }),
    ) as RawTimeline;
  }, P.firstRenderMeasure);
  const { firstRender } = raw;
  const requests: TimelineRequest[] = [
    ...(raw.navigation
      ? [
          {
            kind: 'document' as const,
            path: pathOf(raw.navigation.name),
            start: raw.navigation.startTime,
            end: raw.navigation.responseEnd,
          },
        ]
      : []),
    ...raw.resources.map((entry) => {
      const path = pathOf(entry.name);
      const kind: TimelineRequest['kind'] =
        entry.initiatorType === 'script' || /\.m?js$/.test(new URL(entry.name).pathname)
          ? 'script'
          : path.startsWith('/api/')
            ? 'api'
            : 'other';
      return { kind, path, start: entry.startTime, end: entry.responseEnd };
    }),
  ].filter((request) => request.start <= firstRender);
  const marks = raw.marks
    .filter((mark) => mark.name.startsWith('dashboard:') && mark.startTime <= firstRender + 1)
    .map((mark) => ({
      name: typeof mark.detail === 'string' ? `${mark.name} ${mark.detail}` : mark.name,
      time: mark.startTime,
    }));
  const frames = raw.frames
    .filter((frame) => frame.startTime <= firstRender)
    .map((frame) => {
      const bySource = new Map<string, number>();
      for (const script of frame.scripts) {
        const source = script.sourceURL ? new URL(script.sourceURL).pathname : script.invoker;
        bySource.set(source, (bySource.get(source) ?? 0) + script.duration);
      }
      return {
        start: frame.startTime,
        duration: frame.duration,
        scripts: [...bySource]
          .map(([source, duration]) => ({ source, duration }))
          .sort((x, y) => y.duration - x.duration),
        render: frame.renderStart > 0 ? frame.startTime + frame.duration - frame.renderStart : 0,
      };
    });
  return { firstRender, requests, marks, frames };
}

const ms = (value: number) => value.toFixed(0).padStart(5);
const assetName = (path: string) => path.replace(/^\/assets\//, '');

/** The timeline's milestones, for medians over several loads. */
export function milestones(timeline: LoadTimeline): Record<string, number> {
  const scripts = timeline.requests.filter((request) => request.kind === 'script');
  const api = timeline.requests.filter((request) => request.kind === 'api');
  const cards = timeline.marks.filter((mark) => mark.name.startsWith(P.cardCommitMark));
  const markAt = (name: string) => timeline.marks.find((mark) => mark.name === name)?.time ?? NaN;
  return {
    'last script fetched': Math.max(...scripts.map((request) => request.end)),
    'first API request sent': Math.min(...api.map((request) => request.start)),
    'last API answer': Math.max(...api.map((request) => request.end)),
    'dashboard view committed': markAt(P.viewCommitMark),
    'first card committed': Math.min(...cards.map((mark) => mark.time)),
    'last card committed': Math.max(...cards.map((mark) => mark.time)),
    'first full render (painted)': timeline.firstRender,
    'main thread in long frames': timeline.frames.reduce((sum, frame) => sum + frame.duration, 0),
    'scripts in long frames': timeline.frames.reduce(
      (sum, frame) => sum + frame.scripts.reduce((total, script) => total + script.duration, 0),
      0,
    ),
  };
}

/** One line per request, commit mark and long frame, in the order they started. */
export function formatLoadTimeline(timeline: LoadTimeline): string[] {
  const lines: { at: number; text: string }[] = [];
  for (const request of timeline.requests) {
    lines.push({
      at: request.start,
      text: `${ms(request.start)} → ${ms(request.end)}  ${request.kind.padEnd(8)} ${assetName(request.path)}`,
    });
  }
  for (const mark of timeline.marks) {
    lines.push({ at: mark.time, text: `${ms(mark.time)}          commit   ${mark.name}` });
  }
  for (const frame of timeline.frames) {
    const scripts = frame.scripts
      .slice(0, 3)
      .map((script) => `${assetName(script.source)} ${script.duration.toFixed(0)}`)
      .join(', ');
    lines.push({
      at: frame.start,
      text: `${ms(frame.start)} → ${ms(frame.start + frame.duration)}  main     long frame ${frame.duration.toFixed(0)} ms (scripts: ${scripts || 'none'}; style, layout and paint ${frame.render.toFixed(0)})`,
    });
  }
  return lines.sort((a, b) => a.at - b.at).map((line) => line.text);
}
