import { EMPTY_VALUE, formatDateValue, type DateKind } from '../lib/date-format';

interface DateTextProps {
  value: string | null | undefined;
  kind: DateKind;
}

/**
 * A date in the user's locale, with its ISO form (YYYY-MM-DD) as the tooltip and for machines;
 * "—" when there is none. A plain element: tables render hundreds.
 */
export function DateText({ value, kind }: DateTextProps) {
  const date = formatDateValue(value, kind);
  if (!date) return <>{EMPTY_VALUE}</>;
  return (
    <time dateTime={date.machine} title={date.iso}>
      {date.text}
    </time>
  );
}
