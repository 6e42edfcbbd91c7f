/**
 * The infra tests synthesize the app dozens of times; CDK's built-in CloudFormation validation
 * (a WebAssembly rule engine run on every synth, reporting warnings only) took two thirds of each
 * synth's time. The tests assert the templates themselves; `npm run synth` still validates, and
 * cfn-lint checks what it writes.
 */
process.env.CDK_VALIDATION = 'false';
