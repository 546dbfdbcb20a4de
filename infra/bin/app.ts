import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildDakiya } from '../lib/app';
import { configFromContext } from '../lib/config';

const app = new App();
// The region is the stage's own (context `region`); the account is the one of the credentials in
// use unless context `account` pins it.
buildDakiya(app, configFromContext(app.node, { account: process.env.CDK_DEFAULT_ACCOUNT }));

// cdk-nag AwsSolutions runs as a policy-validation plugin at synth: an unacknowledged finding fails
// the synth. Acknowledgements (with their reasons) sit next to the constructs they cover.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
