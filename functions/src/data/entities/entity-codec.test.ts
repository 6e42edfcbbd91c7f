import { MalformedItemError, tableKeyOf } from './entity-codec';

describe('tableKeyOf', () => {
  it('reads the table key of any item, and nothing else', () => {
    expect(tableKeyOf({ pk: 'WS#1', sk: 'WORKSPACE', name: 'Platform' })).toEqual({
      pk: 'WS#1',
      sk: 'WORKSPACE',
    });
  });

  it('refuses an item without a text key', () => {
    expect(() => tableKeyOf({ pk: 'WS#1' })).toThrow(MalformedItemError);
    expect(() => tableKeyOf({ pk: 'WS#1', sk: 7 })).toThrow('Malformed ITEM item WS#1 ?: sk');
  });
});
