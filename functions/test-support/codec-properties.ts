/** Properties every entity codec has (src/data/entities/entity-codec.ts), for its tests. */
import fc from 'fast-check';
import type { EntityCodec } from '../src/data/entities/entity-codec';
import type { TableItem } from '../src/data/table-operations';

/** ISO instants of the years 1970 to 9999, which `Date`, ISO text and epoch seconds all hold. */
export const isoInstant = fc
  .date({ min: new Date(0), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/** `toItem` writes items the codec's schema accepts, and `fromItem` reads back every record. */
export function expectRoundTrip<Entity, Item extends TableItem>(
  codec: EntityCodec<Entity, Item>,
  records: fc.Arbitrary<Entity>,
): void {
  fc.assert(
    fc.property(records, (record) => {
      const item = codec.toItem(record);
      expect(codec.itemSchema.safeParse(item).success).toBe(true);
      expect(codec.fromItem(item)).toEqual(record);
    }),
  );
}
