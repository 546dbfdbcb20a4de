/**
 * CloudFront is the API's only front door. It adds ORIGIN_HEADER (a secret from Secrets Manager) to
 * every request it forwards to API Gateway, and the chain refuses any request without it: the
 * execute-api endpoint stays reachable on the internet, so this is what makes a direct call useless.
 * Only after that check is VIEWER_ADDRESS_HEADER (set by CloudFront, "ip:port") trusted for the
 * per-address limits. The local gateway plays CloudFront's part with both headers.
 */
export const ORIGIN_HEADER = 'x-dakiya-origin';
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * CloudFront refuses a request whose URL is longer than this (8,192 bytes) before any function runs;
 * the local gateway does the same, and the web client never sends one.
 */
export const MAX_URL_BYTES = 8192;
