/**
 * CloudFront is the API's only front door. It adds ORIGIN_HEADER (a secret from Secrets Manager) to
 * every request it forwards to API Gateway, and the chain refuses any request without it: the
 * execute-api endpoint stays reachable on the internet, so this is what makes a direct call useless.
 * Only after that check is VIEWER_ADDRESS_HEADER (set by CloudFront, "ip:port") trusted for the
 * per-address limits. The local gateway plays CloudFront's part with both headers.
 */
export const ORIGIN_HEADER = 'x-dakiya-origin';
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
