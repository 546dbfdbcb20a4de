import { RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_BASE, COURIER_PUSH_ROUTES, COURIER_PUSH_THROTTLE, pages, routeKey, routes, type PageId, type RouteDef, type RouteId } from '@dakiya/shared';
import { acknowledge } from './nag';

export interface ApiProps {
  prefix: string;
  rateLimit: number;
  burstLimit: number;
  logRetention: logs.RetentionDays;
}

/**
 * The HTTP API: one route per entry of the route table (`addRoutes`), each integrated with its
 * group's function. Served under the CloudFront domain at /api/*, so no CORS. Access logs in JSON; stage throttling.
 */
export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: props.prefix,
      description: 'Dakiya API (routes from shared/src/routes.ts)',
      createDefaultStage: false,
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${props.prefix}-access`,
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.rateLimit, burstLimit: props.burstLimit },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(this.accessLogs),
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    // courier pushes: a throttle of their own, so a courier's burst neither takes the stage's shared one nor is refused by it
    // (RouteSettings is untyped JSON in CloudFormation's own spelling)
    (this.stage.node.defaultChild as apigwv2.CfnStage).routeSettings = Object.fromEntries(
      COURIER_PUSH_ROUTES.map((id) => [routeKey(routes[id]), { ThrottlingRateLimit: COURIER_PUSH_THROTTLE.rateLimit, ThrottlingBurstLimit: COURIER_PUSH_THROTTLE.burstLimit }]),
    );

    acknowledge(
      this,
      'AwsSolutions-APIG4',
      'Authorization is per route from the route table (public, signed-in, scope, admin, Shopify HMAC) and enforced by the shared middy chain in each function, with sessions stored hashed in DynamoDB; an API Gateway authorizer cannot express those rules.',
    );
  }

  /**
   * One HTTP route per entry of the route table, integrated with its group's function (one
   * integration per group). A route whose group has no function fails the synth.
   */
  addRoutes(functions: ReadonlyMap<string, lambda.IFunction>): void {
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const [routeId, route] of Object.entries(routes) as [string, RouteDef][]) {
      const fn = functions.get(route.group);
      if (!fn) throw new Error(`route ${routeId} belongs to group "${route.group}", which has no function`);
      let integration = integrations.get(route.group);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${route.group}Integration`, fn, {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
          // one invoke permission per group, for this API's routes, not one per route: a permission per
          // route put the stack over CloudFormation's 500 resources, and each group's routes all go to it anyway
          scopePermissionToRoute: false,
        });
        integrations.set(route.group, integration);
      }
      const httpRoute = new apigwv2.HttpRoute(this, `Route-${routeId}`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(`${API_BASE}${route.path}`, apigwv2.HttpMethod[route.method]),
        integration,
      });
      // the stage's route settings name the route, which must exist first
      if (COURIER_PUSH_ROUTES.includes(routeId as RouteId)) this.stage.node.addDependency(httpRoute);
    }
    // Server-rendered pages outside /api (CloudFront sends their pattern here): their group's function
    for (const [pageId, page] of Object.entries(pages) as [PageId, (typeof pages)[PageId]][]) {
      const integration = integrations.get(page.group);
      if (!integration) throw new Error(`page ${pageId} belongs to group "${page.group}", which has no route`);
      new apigwv2.HttpRoute(this, `Page-${pageId}`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(page.path, apigwv2.HttpMethod[page.method]),
        integration,
      });
    }
    // What no route matches goes to the system function, which answers in the catalogue's shape:
    // 404 for an unknown path, 405 with Allow for a known path and another method.
    const fallback = integrations.get('system');
    if (!fallback) throw new Error('the $default route needs the system group, which has no route');
    new apigwv2.HttpRoute(this, 'Route-default', { httpApi: this.httpApi, routeKey: apigwv2.HttpRouteKey.DEFAULT, integration: fallback });
  }
}
