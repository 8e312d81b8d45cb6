// A local stand-in for the Gemini API: POST /v1beta/models/{model}:generateContent, answered in the real
// response format. Tests choose each reply (text, HTTP error, or silence) and read the requests made.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** `delayMs`: answer only after that long (a provider slower than the caller's timeout). */
export type Reply = { text: string; delayMs?: number } | { status: number } | { hang: true };

export interface FakeGemini {
  baseUrl: string;
  requests: Array<{ model: string; apiKey: string | undefined; prompt: string }>;
  /** Replies used in order; the last one repeats. */
  reply(...replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startFakeGemini(): Promise<FakeGemini> {
  let replies: Reply[] = [{ text: '¿Por qué es importante para ti?' }];
  const requests: FakeGemini['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const match = req.url?.match(/^\/v1beta\/models\/([^/:]+):generateContent/);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { contents: Array<{ parts: Array<{ text: string }> }> };
      requests.push({
        model: match[1]!,
        apiKey: req.headers['x-goog-api-key'] as string | undefined,
        prompt: parsed.contents.flatMap((c) => c.parts.map((p) => p.text)).join('\n'),
      });
      const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
      if ('hang' in reply) return; // never answers: the caller's timeout must fire
      if ('status' in reply) {
        res
          .writeHead(reply.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: reply.status, message: 'fake failure', status: 'INTERNAL' } }));
        return;
      }
      const answer = () =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: reply.text }] }, finishReason: 'STOP', index: 0 }] }));
      if (reply.delayMs) setTimeout(() => !res.destroyed && answer(), reply.delayMs);
      else answer();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply: (...r) => {
      replies = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
