/**
 * Every CloudWatch alarm of the app notifies one SNS topic, when it fires and when it recovers.
 * An aspect rather than a call per alarm, so an alarm added later cannot be left silent.
 */
import type { IAspect } from 'aws-cdk-lib';
import { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IConstruct } from 'constructs';

export class AlarmNotifications implements IAspect {
  private readonly notified = new WeakSet<Alarm>();

  constructor(private readonly topic: ITopic) {}

  visit(node: IConstruct): void {
    if (!(node instanceof Alarm) || this.notified.has(node)) return;
    this.notified.add(node);
    const action = new SnsAction(this.topic);
    node.addAlarmAction(action);
    node.addOkAction(action);
  }
}
