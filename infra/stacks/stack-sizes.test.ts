import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { stackSizes } from './stack-sizes';

describe('stackSizes', () => {
  it('counts the resources of every stack, nested stacks apart from their parent', () => {
    const app = new App();
    const parent = new Stack(app, 'Parent');
    new Topic(parent, 'Topic');
    const child = new NestedStack(parent, 'Child');
    new Queue(child, 'First');
    new Queue(child, 'Second');
    new Queue(child, 'Third');
    new Topic(new Stack(app, 'Sibling'), 'Topic');

    // The parent holds its topic and the nested stack resource; the child its three queues.
    expect(stackSizes(app)).toEqual([
      { path: 'Parent', resources: 2 },
      { path: 'Parent/Child', resources: 3 },
      { path: 'Sibling', resources: 1 },
    ]);
  });
});
