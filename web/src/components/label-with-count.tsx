import { countText } from '@expiry-radar/shared/domain/count-text';

/**
 * "Name (12)": the name set apart in a <bdi>, so a right-to-left name keeps its count after it
 * ("قسم 🚀 (1)", not "(1) قسم 🚀").
 */
export function LabelWithCount({ label, count }: { label: string; count: number }) {
  return (
    <>
      <bdi>{label}</bdi> ({countText(count)})
    </>
  );
}
