import { formatEventTime } from '../audit-display';

/** The local time, with the full ISO instant on hover and for machines. */
export function EventTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {formatEventTime(iso)}
    </time>
  );
}
