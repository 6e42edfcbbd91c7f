/**
 * A function run on an EventBridge schedule (the expiry scan): the shared function defaults of
 * AppFunction (explicit role, own log group, JSON logs, local esbuild bundle) plus the rule.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, type Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { AppFunction, type AppFunctionProps } from './app-function';

export interface ScheduledJobProps extends AppFunctionProps {
  readonly schedule: Schedule;
}

export class ScheduledJob extends Construct {
  readonly job: AppFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);
    this.job = new AppFunction(this, 'Job', props);
    this.rule = new Rule(this, 'Schedule', {
      description: `Runs ${props.description}`,
      schedule: props.schedule,
      targets: [
        new LambdaFunction(this.job.function, {
          // A missed run is not retried: the next one picks up every window still due.
          retryAttempts: 0,
          maxEventAge: Duration.minutes(5),
        }),
      ],
    });
  }
}
