import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { configFromContext } from '../lib/config';
import { DakiyaStack } from '../lib/dakiya-stack';

const app = new App();
const config = configFromContext(app.node);

new DakiyaStack(app, `Dakiya-${config.stage}`, {
  config,
  description: `Dakiya courier booking (${config.stage})`,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  tags: { app: 'dakiya', stage: config.stage },
});

// cdk-nag AwsSolutions runs as a policy-validation plugin at synth: an unacknowledged finding fails
// the synth. Acknowledgements (with their reasons) sit next to the constructs they cover.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
