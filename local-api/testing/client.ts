/**
 * A minimal HTTP/2 client for tests of the local API: JSON requests and a reader
 * of the listener's server-sent events, as the browser speaks to it.
 */
import { connect, type ClientHttp2Session } from 'node:http2';

export interface ApiAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // Answers are JSON of many shapes; tests reach into the fields they check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface ListenerEvent {
  event: string;
  id?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export class ApiClient {
  private readonly session: ClientHttp2Session;

  private readonly authorization: Record<string, string>;

  /** `token`: the API's token, as the project's tools send it; absent, requests carry none. */
  constructor(
    url: string,
    token?: string,
    readonly version = 'v2025-02-19',
  ) {
    this.authorization = token === undefined ? {} : { authorization: `Bearer ${token}` };
    this.session = connect(url, { rejectUnauthorized: false });
    this.session.on('error', () => undefined);
  }

  request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer> {
    return new Promise((resolve, reject) => {
      const stream = this.session.request({
        ':method': method,
        ':path': path.startsWith('/v') ? path : `/${this.version}${path}`,
        'content-type': 'application/json',
        ...this.authorization,
        ...headers,
      });
      let status = 0;
      let responseHeaders: ApiAnswer['headers'] = {};
      stream.on('response', (h) => {
        status = Number(h[':status']);
        responseHeaders = h;
      });
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status, headers: responseHeaders, text, json });
      });
      stream.on('error', reject);
      if (body !== undefined) stream.end(typeof body === 'string' ? body : JSON.stringify(body));
      else stream.end();
    });
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body: unknown) {
    return this.request('POST', path, body);
  }

  /** Opens a listener; events arrive in `events` as they come. */
  listen(
    query: string,
    params: Record<string, unknown> = {},
    options: Record<string, string> = {},
  ) {
    const search = new URLSearchParams({ query, ...options });
    for (const [key, value] of Object.entries(params)) search.set(`$${key}`, JSON.stringify(value));
    const stream = this.session.request({
      ':method': 'GET',
      ':path': `/${this.version}/data/listen/production?${search}`,
      accept: 'text/event-stream',
      ...this.authorization,
    });
    const events: ListenerEvent[] = [];
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: ListenerEvent = { event: 'message', data: undefined };
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6));
        }
        if (event.data !== undefined) events.push(event);
      }
    });
    stream.on('error', () => undefined);
    return {
      events,
      /** Waits until `count` events have arrived. */
      async waitFor(count: number, timeoutMs = 10_000): Promise<ListenerEvent[]> {
        const deadline = Date.now() + timeoutMs;
        while (events.length < count) {
          if (Date.now() > deadline)
            throw new Error(`expected ${count} events, got ${JSON.stringify(events)}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return events;
      },
      close: () => stream.close(),
    };
  }

  close(): void {
    this.session.close();
  }
}
