import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TRecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}

interface TMultipart {
  key: string;
  parts: Map<number, Buffer>;
}

/**
 * A real HTTP peer playing both the api's upload endpoints and a bucket that accepts
 * signed part PUTs. Tests steer failures through the public fields.
 */
export class FakeUploadServer {
  readonly calls: TRecordedCall[] = [];
  readonly multiparts = new Map<string, TMultipart>();
  readonly objects = new Map<string, Buffer>();
  readonly aborted: string[] = [];
  readonly tusUploads = new Map<
    string,
    { length: number; metadata: Record<string, string>; bytes: Buffer[] }
  >();
  readonly tusRequests: TRecordedCall[] = [];
  /** Answer for every tus PATCH while set. */
  tusPatchFailure: { status: number; body: string } | null = null;
  /** Part number -> how many of its next PUTs answer 500. */
  readonly failingParts = new Map<number, number>();
  partPuts = 0;
  isCompleteBroken = false;
  formStatus = 201;
  formError = { message: 'The file is too large.' };
  baseUrl = '';
  private readonly server = createServer((req, res) => {
    // A client that aborts mid-body resets the socket; nothing is left to answer.
    this.handle(req, res).catch(() => res.destroy());
  });
  private nextId = 1;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  callsTo(path: string): TRecordedCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Cross-origin like a real bucket: the browser may read ETag only when exposed.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader(
      'Access-Control-Expose-Headers',
      'ETag, Location, Upload-Offset, Upload-Length, Tus-Resumable',
    );
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();

    const url = new URL(req.url ?? '/', this.baseUrl);
    const raw = await readAll(req);
    if (url.pathname.startsWith('/bucket/')) return this.putPart(url, raw, res, req);
    if (url.pathname === '/api/v1/file-entries') return this.formUpload(req, raw, res);
    if (url.pathname.startsWith('/api/v1/tus/upload')) return this.tus(req, url, raw, res);

    const body: Record<string, unknown> = raw.length ? JSON.parse(raw.toString()) : {};
    this.calls.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
    const reply = (status: number, payload: unknown): void =>
      void res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));

    switch (url.pathname) {
      case '/api/v1/s3/simple/presign': {
        const key = `uploads/simple-${this.nextId++}/${String(body.filename)}`;
        return reply(200, { url: `${this.baseUrl}/bucket/${key}?simple=1`, acl: 'private', key });
      }
      case '/api/v1/s3/multipart/create': {
        const uploadId = `upload-${this.nextId++}`;
        const key = `uploads/${uploadId}/${String(body.filename)}`;
        this.multiparts.set(uploadId, { key, parts: new Map() });
        return reply(200, { uploadId, key });
      }
      case '/api/v1/s3/multipart/batch-sign-part-urls': {
        const partNumbers = body.partNumbers as number[];
        const urls = partNumbers.map((partNumber) => ({
          partNumber,
          url: `${this.baseUrl}/bucket/${String(body.key)}?uploadId=${String(body.uploadId)}&partNumber=${partNumber}`,
        }));
        return reply(200, { urls });
      }
      case '/api/v1/s3/multipart/get-uploaded-parts': {
        const upload = this.multiparts.get(String(body.uploadId));
        const parts = [...(upload?.parts ?? new Map<number, Buffer>()).entries()].map(
          ([PartNumber, bytes]) => ({
            PartNumber,
            ETag: etagOf(bytes),
            Size: bytes.length,
          }),
        );
        return reply(200, { parts });
      }
      case '/api/v1/s3/multipart/complete': {
        const upload = this.multiparts.get(String(body.uploadId));
        if (!upload || this.isCompleteBroken) return reply(500, { message: 'Could not complete' });
        const listed = body.parts as { ETag: string; PartNumber: number }[];
        const buffers = listed.map(({ ETag, PartNumber }) => {
          const bytes = upload.parts.get(PartNumber);
          if (!bytes || etagOf(bytes) !== ETag) throw new Error(`bad part ${PartNumber}`);
          return bytes;
        });
        this.objects.set(upload.key, Buffer.concat(buffers));
        this.multiparts.delete(String(body.uploadId));
        return reply(200, { location: upload.key });
      }
      case '/api/v1/tus/entries': {
        const upload = this.tusUploads.get(String(body.uploadKey));
        if (!upload) return reply(404, { message: 'Upload not found' });
        const bytes = Buffer.concat(upload.bytes);
        this.objects.set(String(body.uploadKey), bytes);
        return reply(201, {
          fileEntry: { id: this.nextId++, name: upload.metadata.clientName, file_size: bytes.length },
        });
      }
      case '/api/v1/s3/multipart/abort':
        this.aborted.push(String(body.uploadId));
        this.multiparts.delete(String(body.uploadId));
        return reply(200, {});
      case '/api/v1/s3/entries':
        return reply(201, {
          fileEntry: {
            id: this.nextId++,
            name: body.clientName,
            file_name: body.filename,
            file_size: body.size,
          },
        });
      default:
        return reply(404, { message: 'Not found' });
    }
  }

  /** Presigned single PUT (`?simple`): keeps the bytes and the headers the client sent. */
  readonly simplePuts: TRecordedCall[] = [];

  private putPart(url: URL, bytes: Buffer, res: ServerResponse, req?: IncomingMessage): void {
    if (url.searchParams.has('simple')) {
      const key = url.pathname.slice('/bucket/'.length);
      this.simplePuts.push({
        method: 'PUT',
        path: url.pathname,
        body: bytes.length,
        headers: req?.headers ?? {},
      });
      this.objects.set(decodeURIComponent(key), bytes);
      return void res.writeHead(200, { ETag: etagOf(bytes) }).end();
    }
    this.partPuts++;
    const partNumber = Number(url.searchParams.get('partNumber'));
    const failures = this.failingParts.get(partNumber) ?? 0;
    if (failures > 0) {
      this.failingParts.set(partNumber, failures - 1);
      return void res.writeHead(500).end('<Error>InternalError</Error>');
    }
    const upload = this.multiparts.get(url.searchParams.get('uploadId') ?? '');
    if (!upload) return void res.writeHead(404).end('<Error>NoSuchUpload</Error>');
    upload.parts.set(partNumber, bytes);
    res.writeHead(200, { ETag: etagOf(bytes) }).end();
  }

  /** The tus 1.0 core protocol (creation, PATCH, HEAD, termination), nothing more. */
  private tus(req: IncomingMessage, url: URL, raw: Buffer, res: ServerResponse): void {
    this.tusRequests.push({
      method: req.method ?? '',
      path: url.pathname,
      body: raw.length,
      headers: req.headers,
    });
    res.setHeader('Tus-Resumable', '1.0.0');
    const id = url.pathname.split('/')[5] ?? '';
    if (req.method === 'POST') {
      const metadata = Object.fromEntries(
        String(req.headers['upload-metadata'] ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => {
            const [key = '', value = ''] = pair.trim().split(' ');
            return [key, Buffer.from(value, 'base64').toString()];
          }),
      );
      const key = `tus${this.nextId++}`;
      this.tusUploads.set(key, { length: Number(req.headers['upload-length']), metadata, bytes: [] });
      return void res.writeHead(201, { Location: `${this.baseUrl}/api/v1/tus/upload/${key}` }).end();
    }
    const upload = this.tusUploads.get(id);
    if (!upload) return void res.writeHead(404).end();
    const offset = upload.bytes.reduce((sum, chunk) => sum + chunk.length, 0);
    if (req.method === 'HEAD') {
      return void res
        .writeHead(200, {
          'Upload-Offset': offset,
          'Upload-Length': upload.length,
          'Cache-Control': 'no-store',
        })
        .end();
    }
    if (req.method === 'DELETE') {
      this.tusUploads.delete(id);
      return void res.writeHead(204).end();
    }
    if (this.tusPatchFailure) {
      return void res
        .writeHead(this.tusPatchFailure.status, { 'Content-Type': 'application/json' })
        .end(this.tusPatchFailure.body);
    }
    if (Number(req.headers['upload-offset']) !== offset) return void res.writeHead(409).end();
    upload.bytes.push(raw);
    res.writeHead(204, { 'Upload-Offset': offset + raw.length }).end();
  }

  private async formUpload(req: IncomingMessage, raw: Buffer, res: ServerResponse): Promise<void> {
    const form = await new Response(new Uint8Array(raw), {
      headers: { 'Content-Type': req.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file') as File;
    const bytes = Buffer.from(await file.arrayBuffer());
    const fields = Object.fromEntries([...form.entries()].filter(([name]) => name !== 'file'));
    this.calls.push({
      method: req.method ?? '',
      path: '/api/v1/file-entries',
      body: fields,
      headers: req.headers,
    });
    res.setHeader('Content-Type', 'application/json');
    if (this.formStatus >= 400)
      return void res.writeHead(this.formStatus).end(JSON.stringify(this.formError));
    this.objects.set(file.name, bytes);
    const fileEntry = {
      id: this.nextId++,
      name: file.name,
      url: `storage/${file.name}`,
      file_size: bytes.length,
    };
    res.writeHead(this.formStatus).end(JSON.stringify({ fileEntry }));
  }
}

export function etagOf(bytes: Buffer): string {
  return `"${createHash('md5').update(bytes).digest('hex')}"`;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
