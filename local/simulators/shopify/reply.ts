/** What a route hands back to the server: status, headers, and a JSON value or an HTML string. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  html?: string;
  /** A script served as is (the App Bridge stand-in); the headers carry its type. */
  script?: string;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, json: body, headers });
export const html = (status: number, body: string): Reply => ({ status, html: body });
export const redirect = (location: string): Reply => ({ status: 302, headers: { Location: location } });
