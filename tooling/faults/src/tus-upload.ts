import { createHash, randomBytes } from 'node:crypto';

export type UploadReport = {
  bytes: number;
  /** Answers to the PATCH tried while the dependency was away (a clear error, never a hang). */
  duringOutage: number[];
  /** The file entry's bytes equal what was sent. */
  isIntact: boolean;
  /** File entries that appeared during the scenario (set by scenarios that count them). */
  entriesCreated?: number;
};

const TUS = { 'tus-resumable': '1.0.0' };
/** How long after the dependency's return the resumed upload may take to go through: the recovery goal. */
const RESUME_WINDOW_MS = 5_000;
const b64 = (value: string) => Buffer.from(value).toString('base64');
/** A real 1x1 PNG: the upload policy sniffs the type before the bytes go to storage. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A resumable upload driven by hand through the tus protocol, as the uploader does it. */
export class TusUpload {
  readonly bytes = randomBytes(3 * 1024 * 1024);
  private location = '';
  readonly duringOutage: number[] = [];
  private lastHead = '';

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...TUS, authorization: `Bearer ${this.token}`, ...extra };
  }

  async create(): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/v1/tus/upload`, {
      method: 'POST',
      headers: this.headers({
        'upload-length': String(this.bytes.length),
        'upload-metadata': `name ${b64('fault.bin')},clientName ${b64('fault.bin')},clientMime ${b64('application/octet-stream')}`,
      }),
    });
    if (res.status !== 201) throw new Error(`tus create: ${res.status} ${await res.text()}`);
    const location = res.headers.get('location') ?? '';
    this.location = location.startsWith('http') ? location : `${this.baseUrl}${location}`;
  }

  private async patch(from: number, to: number): Promise<number> {
    const res = await fetch(this.location, {
      method: 'PATCH',
      headers: this.headers({
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(from),
      }),
      body: this.bytes.subarray(from, to),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    return res?.status ?? 0;
  }

  async sendFirstThird(): Promise<void> {
    const status = await this.patch(0, this.bytes.length / 3);
    if (status !== 204) throw new Error(`tus first PATCH: ${status}`);
  }

  /** While the dependency is away: the answers to a HEAD and a PATCH are recorded, whatever they are. */
  async tryDuringOutage(): Promise<void> {
    await this.offset();
    this.duringOutage.push(Number(this.lastHead) || 0);
    this.duringOutage.push(await this.patch(this.bytes.length / 3, (this.bytes.length * 2) / 3));
  }

  /** A plain (non-resumable) upload while the dependency is away: its answer is recorded. */
  async tryFormUploadDuringOutage(): Promise<void> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'fault.png');
    const res = await fetch(`${this.baseUrl}/api/v1/file-entries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      body: form,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    this.duringOutage.push(res?.status ?? 0);
  }

  private async offset(): Promise<number | undefined> {
    const res = await fetch(this.location, { method: 'HEAD', headers: this.headers() }).catch(
      () => undefined,
    );
    this.lastHead = res ? `${res.status}` : 'no answer';
    const value = res?.headers.get('upload-offset');
    return res?.ok && value !== null && value !== undefined ? Number(value) : undefined;
  }

  /**
   * After the return: resume from the server's offset, finish, and compare the stored bytes. As
   * the uploader does (tus-js-client retries a 5xx after its retry delays), the HEAD and the PATCH
   * are tried again for up to 5 s, the recovery goal: a HEAD may answer while the PATCH's lock
   * still waits for its Redis client's next reconnect (ioredis' backoff, up to 2 s). A clean-clone
   * run of 2026-12-03 failed here on one PATCH answered 503 right after Redis came back.
   */
  async resumeAndVerify(): Promise<UploadReport> {
    const deadline = Date.now() + RESUME_WINDOW_MS;
    let status = 0;
    for (;;) {
      const offset = await this.offset();
      if (offset !== undefined) {
        status = await this.patch(offset, this.bytes.length);
        if (status === 204) break;
        if (status !== 503) throw new Error(`tus resume PATCH: ${status}`);
      }
      if (Date.now() >= deadline)
        throw new Error(
          `tus resume failed 5 s after the dependency returned: HEAD ${this.lastHead}, PATCH ${status || 'not sent'}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const uploadKey = this.location.split('/').pop() ?? '';
    const entry = await fetch(`${this.baseUrl}/api/v1/tus/entries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ uploadKey }),
    });
    if (!entry.ok) throw new Error(`tus entries: ${entry.status} ${await entry.text()}`);
    const { fileEntry } = (await entry.json()) as { fileEntry: { id: number } };
    const stored = await fetch(`${this.baseUrl}/api/v1/file-entries/${fileEntry.id}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
    const isIntact = stored.ok && sha(new Uint8Array(await stored.arrayBuffer())) === sha(this.bytes);
    return { bytes: this.bytes.length, duringOutage: this.duringOutage, isIntact };
  }
}
