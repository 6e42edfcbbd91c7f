import { DateText } from '../../../components/date-text';

/** When the event happened: in the user's locale and zone, the ISO date and time on hover. */
export function EventTime({ iso }: { iso: string }) {
  return <DateText value={iso} kind="dateTime" />;
}
