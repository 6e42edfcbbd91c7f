import { describeWindow } from './alert-queue-panel';

describe("an alert's window in the queue", () => {
  it('is the days before expiry, or the escalation', () => {
    expect(describeWindow({ threshold: 7, escalation: false, problem: null })).toBe(
      '7 days before expiry',
    );
    expect(describeWindow({ threshold: 0, escalation: false, problem: null })).toBe(
      'Expires today',
    );
    expect(describeWindow({ threshold: 1, escalation: true, problem: null })).toBe(
      'Escalation: still not renewed',
    );
  });

  it("is what is wrong for an endpoint problem's alert, not an expiry", () => {
    const problem = 'shop.example.com:443 serves a certificate whose chain is not trusted';
    expect(describeWindow({ threshold: 0, escalation: false, problem })).toBe(problem);
  });
});
