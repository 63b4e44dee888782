export type Log = {
  info: (msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

type Target = {
  info: (msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * Connections open before the Fastify logger exists; this log prints JSON lines until the
 * app's logger is attached, then forwards to it.
 */
export function createDeferredLog(): Log & { attach: (target: Target) => void } {
  let target: Target | undefined;
  const line = (level: string, obj: object, msg: string) => {
    const err = (obj as { err?: Error }).err;
    console.error(JSON.stringify({ level, time: Date.now(), msg, ...(err ? { err: err.message } : obj) }));
  };
  return {
    info: (msg) => (target ? target.info(msg) : line('info', {}, msg)),
    warn: (obj, msg) => (target ? target.warn(obj, msg) : line('warn', obj, msg)),
    error: (obj, msg) => (target ? target.error(obj, msg) : line('error', obj, msg)),
    attach: (next) => {
      target = next;
    },
  };
}
