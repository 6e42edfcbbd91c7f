import { PLAN_LABELS } from '../domain/plans';
import { ALERTS_DISABLED_NOTICE, DOWNGRADED_NOTICE } from './notices';
import { SUCCESS_MESSAGES, planUpgradedMessage, requeuedAlertsMessage } from './success-messages';

describe('messages', () => {
  it('formats the parameterized success messages', () => {
    expect(requeuedAlertsMessage(3)).toBe('Requeued 3 alerts');
    expect(planUpgradedMessage('pro')).toBe('Plan upgraded to pro');
    expect(planUpgradedMessage(PLAN_LABELS.team)).toBe('Plan upgraded to Team');
  });

  it('has the exact success and notice texts', () => {
    expect(SUCCESS_MESSAGES.loggedOut).toBe('Successfully logged out');
    expect(SUCCESS_MESSAGES.tokenCreated).toBe('Token created successfully');
    expect(SUCCESS_MESSAGES.tokenRenewed).toBe('Token renewed successfully');
    expect(SUCCESS_MESSAGES.webhookTestSent).toBe('Webhook test message sent successfully');
    expect(ALERTS_DISABLED_NOTICE).toBe('Alerts are disabled until a channel is defined');
    expect(DOWNGRADED_NOTICE).toBe(
      'Account downgraded: transfer tokens from frozen workspaces in Account settings',
    );
  });
});
