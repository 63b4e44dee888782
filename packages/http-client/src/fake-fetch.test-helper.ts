/** A fetch stand-in that records each Request and answers with a canned Response. */
export function createFakeFetch(
  respond: (request: Request) => Response | Promise<Response> = () => json({}),
) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    requests.push(request);
    return respond(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, last: () => requests.at(-1)! };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function pathAndQuery(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
