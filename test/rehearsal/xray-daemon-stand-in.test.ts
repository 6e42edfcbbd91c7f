import { malformedSegment } from './rehearsal';

const HEADER = '{"format": "json", "version": 1}';
const subsegment = {
  type: 'subsegment',
  id: '70de5b6f19ff9a0c',
  trace_id: '1-581cf771-a006649127e371903a2de979',
  parent_id: '70de5b6f19ff9a0b',
  name: 'DynamoDB',
  start_time: 1478293361.271,
  end_time: 1478293361.449,
};

describe("the rehearsal's X-Ray daemon stand-in", () => {
  it('accepts the header and one complete subsegment', () => {
    expect(malformedSegment(`${HEADER}\n${JSON.stringify(subsegment)}`)).toBeUndefined();
  });

  it('refuses a datagram without the header, a document that is not JSON or is incomplete', () => {
    expect(malformedSegment(JSON.stringify(subsegment))).toMatch(/no daemon header/);
    expect(malformedSegment(`${HEADER}\n{`)).toMatch(/not JSON/);
    for (const broken of [
      { ...subsegment, type: undefined },
      { ...subsegment, parent_id: 'short' },
      { ...subsegment, trace_id: '581cf771' },
      { ...subsegment, end_time: subsegment.start_time - 1 },
    ]) {
      expect(malformedSegment(`${HEADER}\n${JSON.stringify(broken)}`)).toMatch(/not a complete/);
    }
  });
});
